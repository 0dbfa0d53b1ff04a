import { fireEvent, screen, waitFor } from '@testing-library/react';
import { TRAIN_BASE } from '@xuetu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { StudySettingsDialog } from './StudySettingsDialog';

// 学习设置 (issue 44, ADR 0058): a company's anti-idle minutes, random checks and watermark.
const R = `${TRAIN_BASE}/Train_Res`;
let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi()
    .on(`${R}/GetStudySettings`, ok({ companySysCode: 'C1', idleMinutes: 10, randomCheck: 0, watermark: 0 }))
    .on(`${R}/SaveStudySettings`, (_c: unknown, body: unknown) => ok(body));
});

const minutes = async () => (await screen.findByLabelText('无操作暂停（分钟）')) as HTMLInputElement;

describe('StudySettingsDialog', () => {
  it('shows the company settings and saves what the administrator set, for the picked company', async () => {
    const onClose = vi.fn();
    renderWithApp(<StudySettingsDialog open company="C1" onClose={onClose} />);
    await waitFor(async () => expect(await minutes()).toHaveValue('10'));
    expect(api.calls.find((c) => c.url.endsWith('/GetStudySettings'))?.body).toEqual({ companySysCode: 'C1' });
    fireEvent.change(await minutes(), { target: { value: '5' } });
    fireEvent.click(screen.getByRole('switch', { name: '动态水印' }));
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.calls.find((c) => c.url.endsWith('/SaveStudySettings'))?.body).toEqual({
      companySysCode: 'C1',
      idleMinutes: 5,
      randomCheck: 0,
      watermark: 1,
    });
  });

  it('an empty minutes field is refused in Chinese and nothing is sent', async () => {
    renderWithApp(<StudySettingsDialog open company="" onClose={vi.fn()} />);
    await waitFor(async () => expect(await minutes()).toHaveValue('10'));
    fireEvent.change(await minutes(), { target: { value: '' } });
    fireEvent.click(screen.getByRole('button', { name: /保\s*存/ }));
    expect(await screen.findByText('无操作暂停时间应为 0 到 120 之间的整数（分钟，0 表示不检查）')).toBeTruthy();
    expect(api.calls.some((c) => c.url.endsWith('/SaveStudySettings'))).toBe(false);
  });
});
