import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type MediaView, TRAIN_BASE } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { fail, type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { toasts } from '../../../test/toasts';
import { MediaUploader } from './MediaUploader';

const R = `${TRAIN_BASE}/Train_Res`;
const media = (over: Partial<MediaView>): MediaView => ({
  mediaId: 'M1',
  status: 'failed',
  progress: 0,
  error: '转码失败：编码不受支持',
  errorDetail: '',
  duration: 0,
  qualities: [],
  originalName: 'lesson.mp4',
  size: 1024,
  ...over,
});

let api: MockApi;
let stored: MediaView;
beforeEach(() => {
  resetRequestState();
  stored = media({});
  api = mockApi()
    .on(`${R}/GetMediaStatus`, () => ok(stored))
    .on(`${R}/RetryMedia`, () => {
      stored = media({ status: 'ready', error: '', duration: 60, qualities: ['720p'] });
      return ok(stored);
    });
});
afterEach(() => vi.restoreAllMocks());

const renderUploader = () => renderWithApp(<MediaUploader resType={1} mediaId="M1" onChange={vi.fn()} />);

describe('MediaUploader processing state', () => {
  it('重试 asks the server to process the media again and shows its new state', async () => {
    renderUploader();
    const status = await screen.findByTestId('media-status');
    await waitFor(() => expect(status).toHaveTextContent('处理失败'));
    fireEvent.click(within(status).getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(screen.getByTestId('media-status')).toHaveTextContent('可播放'));
    expect(api.calls.filter((c) => c.url.endsWith('/RetryMedia')).map((c) => c.body)).toEqual([{ mediaId: 'M1' }]);
    expect(toasts()).toEqual([]);
  });

  it('a video left processing by a dead process offers 重试 too', async () => {
    stored = media({ status: 'processing', progress: 4, error: '', stalled: true });
    renderUploader();
    const status = await screen.findByTestId('media-status');
    await waitFor(() => expect(status).toHaveTextContent('处理已中断'));
    fireEvent.click(within(status).getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(screen.getByTestId('media-status')).toHaveTextContent('可播放'));
    expect(api.calls.filter((c) => c.url.endsWith('/RetryMedia')).map((c) => c.body)).toEqual([{ mediaId: 'M1' }]);
  });

  it('a refused retry is shown once and the failure stays on screen', async () => {
    api.on(`${R}/RetryMedia`, fail('媒体文件已删除'));
    renderUploader();
    const status = await screen.findByTestId('media-status');
    await waitFor(() => expect(status).toHaveTextContent('处理失败'));
    fireEvent.click(within(status).getByRole('button', { name: /重试/ }));
    await waitFor(() => expect(toasts()).toEqual(['媒体文件已删除']));
    expect(screen.getByTestId('media-status')).toHaveTextContent('转码失败：编码不受支持');
  });
});
