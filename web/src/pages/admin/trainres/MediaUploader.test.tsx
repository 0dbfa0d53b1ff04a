import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type MediaView, TRAIN_BASE } from '@xuetu/contract';
import { useState } from 'react';
import type { DetailedError, UploadOptions } from 'tus-js-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { fail, type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { toasts } from '../../../test/toasts';
import { MediaUploader, OFFLINE_TEXT } from './MediaUploader';

/** tus-js-client played: the test drives the options' callbacks as the library would. */
const tus = vi.hoisted(() => {
  class FakeUpload {
    static last: FakeUpload | null = null;
    starts = 0;
    aborts = 0;
    constructor(
      public file: File,
      public options: UploadOptions,
    ) {
      FakeUpload.last = this;
    }
    findPreviousUploads = async () => [];
    resumeFromPreviousUpload() {}
    start() {
      this.starts++;
    }
    abort() {
      this.aborts++;
      return Promise.resolve();
    }
  }
  /** a failed request as tus reports it: status 0 = no answer (network) */
  const failure = (status: number, body = '') =>
    Object.assign(new Error('tus: failed'), {
      originalRequest: {},
      originalResponse: status ? { getStatus: () => status, getBody: () => body, getHeader: () => undefined } : null,
    }) as unknown as DetailedError;
  return { FakeUpload, failure };
});
vi.mock('tus-js-client', () => ({ Upload: tus.FakeUpload }));

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
afterEach(() => {
  vi.restoreAllMocks();
  setOnline(true);
});

function setOnline(online: boolean) {
  Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => online });
}

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

/** A parent whose handler changes while an upload runs (a lesson list growing). */
function LessonsHost({ seen }: { seen: [number, string][] }) {
  const [lessons, setLessons] = useState(1);
  return (
    <>
      <button type="button" onClick={() => setLessons((n) => n + 1)}>
        添加课时
      </button>
      <MediaUploader resType={3} mediaId="" onChange={(id) => seen.push([lessons, id])} chunkSize={1024} />
    </>
  );
}

describe('MediaUploader transfer', () => {
  const pickFile = async () => {
    renderWithApp(<MediaUploader resType={3} mediaId="" onChange={vi.fn()} chunkSize={1024} />);
    const file = new File([new Uint8Array(4000)], '手册.pdf', { type: 'application/pdf' });
    fireEvent.change(screen.getByTestId('media-file'), { target: { files: [file] } });
    await waitFor(() => expect(tus.FakeUpload.last?.starts).toBe(1));
    const up = tus.FakeUpload.last!;
    const { onProgress, onShouldRetry, onError } = up.options;
    return {
      up,
      progress: (sent: number) => act(() => onProgress?.(sent, 4000)),
      shouldRetry: (status: number) => onShouldRetry?.(tus.failure(status), 0, up.options),
      failWith: (status: number, body?: string) => act(() => onError?.(tus.failure(status, body))),
    };
  };

  beforeEach(() => {
    tus.FakeUpload.last = null;
  });

  it('a finished upload reports to the handler of the moment it ends (a lesson added meanwhile is kept)', async () => {
    const seen: [number, string][] = [];
    renderWithApp(<LessonsHost seen={seen} />);
    fireEvent.change(screen.getByTestId('media-file'), {
      target: { files: [new File([new Uint8Array(10)], 'a.pdf', { type: 'application/pdf' })] },
    });
    await waitFor(() => expect(tus.FakeUpload.last?.starts).toBe(1));
    fireEvent.click(screen.getByRole('button', { name: '添加课时' }));
    const lastResponse = { getHeader: (name: string) => (name === 'X-Media-Id' ? 'M9' : undefined) };
    act(() => tus.FakeUpload.last?.options.onSuccess?.({ lastResponse } as never));
    expect(seen).toEqual([[2, 'M9']]);
  });

  it('offline: stops, keeps the percentage and says it goes on by itself; online: resumes from where it was', async () => {
    const { up, progress } = await pickFile();
    expect(up.options.chunkSize).toBe(1024);
    progress(1000);
    const box = screen.getByTestId('upload-progress');
    expect(box).toHaveTextContent('25%');

    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(up.aborts).toBe(1);
    expect(box).toHaveTextContent(OFFLINE_TEXT);
    expect(box).toHaveTextContent('25%');
    expect(box).not.toHaveTextContent('上传失败');
    expect(screen.queryByTestId('upload-pause')).toBeNull();

    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(up.starts).toBe(2);
    expect(box).not.toHaveTextContent(OFFLINE_TEXT);
    expect(box).toHaveTextContent('25%');
    progress(3000);
    expect(box).toHaveTextContent('75%');
  });

  it('a request that failed because the network was gone waits for it too, instead of failing', async () => {
    const { up, progress, shouldRetry, failWith } = await pickFile();
    progress(2000);
    setOnline(false);
    // the request failed before the browser said it was offline: tus does not retry, reports it
    expect(shouldRetry(0)).toBe(false);
    failWith(0);
    const box = screen.getByTestId('upload-progress');
    expect(box).toHaveTextContent(OFFLINE_TEXT);
    expect(box).toHaveTextContent('50%');
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(up.starts).toBe(2);
  });

  it('passing failures are retried with backoff; a refusal stops with its message and the percentage', async () => {
    const { up, progress, shouldRetry, failWith } = await pickFile();
    expect(up.options.retryDelays?.length).toBeGreaterThan(3);
    for (const status of [0, 409, 423, 429, 500, 502, 503]) expect(shouldRetry(status), `${status}`).toBe(true);
    for (const status of [400, 401, 403, 404, 413, 415]) expect(shouldRetry(status), `${status}`).toBe(false);

    progress(1000);
    failWith(413, '已超出公司存储空间配额');
    const box = screen.getByTestId('upload-progress');
    expect(box).toHaveTextContent('已超出公司存储空间配额');
    expect(box).toHaveTextContent('25%');
    // no going on by itself after a refusal
    act(() => void window.dispatchEvent(new Event('online')));
    expect(up.starts).toBe(1);
    expect(screen.getByTestId('upload-resume')).toBeInTheDocument();
  });

  it('a user who paused stays paused across offline and online', async () => {
    const { up, progress } = await pickFile();
    progress(1000);
    fireEvent.click(screen.getByTestId('upload-pause'));
    setOnline(false);
    act(() => void window.dispatchEvent(new Event('offline')));
    expect(screen.getByTestId('upload-progress')).not.toHaveTextContent(OFFLINE_TEXT);
    setOnline(true);
    act(() => void window.dispatchEvent(new Event('online')));
    expect(up.starts).toBe(1);
    fireEvent.click(screen.getByTestId('upload-resume'));
    expect(up.starts).toBe(2);
  });
});
