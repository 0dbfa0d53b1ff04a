import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AccountMsg } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../api/request';
import { type MockApi, mockApi } from '../test/mockApi';
import { renderWithApp } from '../test/renderApp';
import { checkAvatarFile, ImageCropUpload } from './ImageCropUpload';

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi();
});
afterEach(() => vi.restoreAllMocks());

const toasts = () => [...document.querySelectorAll('.ant-message-notice')].map((n) => n.textContent);
const choose = (file: File) =>
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, { target: { files: [file] } });

describe('avatar checks in the browser', () => {
  it('knows the spec rules: jpg/png, at most 10 MB', () => {
    expect(checkAvatarFile({ type: 'image/gif', size: 10 })).toBe(AccountMsg.avatarType);
    expect(checkAvatarFile({ type: 'image/png', size: 10 * 1024 * 1024 + 1 })).toBe(AccountMsg.avatarSize);
    expect(checkAvatarFile({ type: 'image/jpeg', size: 10 * 1024 * 1024 })).toBeNull();
  });

  it.each([
    ['a wrong type', new File(['GIF89a'], 'a.gif', { type: 'image/gif' }), AccountMsg.avatarType],
    ['a file over 10 MB', new File([new Uint8Array(10 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' }), AccountMsg.avatarSize],
  ])('refuses %s with exactly one toast and sends nothing', async (_what, file, msg) => {
    renderWithApp(<ImageCropUpload onChange={() => {}} />);
    choose(file);
    expect(await screen.findByText(msg)).toBeInTheDocument();
    // give a wrongly continued upload the chance to start: it must not
    await new Promise((r) => setTimeout(r, 0));
    await waitFor(() => expect(toasts()).toEqual([msg]));
    expect(api.calls).toHaveLength(0);
  });
});
