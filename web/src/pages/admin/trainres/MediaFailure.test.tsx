import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type MediaView, TRAIN_BASE } from '@xuetu/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { MediaUploader } from './MediaUploader';

const R = `${TRAIN_BASE}/Train_Res`;
const FFMPEG = "[libx264 @ 0x55] baseline profile doesn't support 4:4:4\nError initializing output stream 0:0";
const failed: MediaView = {
  mediaId: 'M1',
  status: 'failed',
  progress: 0,
  error: '原画（OD）转码失败：编码参数与视频不兼容（OD 未生成，其余清晰度可播放）',
  errorDetail: FFMPEG,
  duration: 1,
  qualities: ['FD'],
  originalName: 'screen.mp4',
  size: 1024,
};

beforeEach(() => resetRequestState());

describe('a failed media in the admin editor', () => {
  it('shows the short Chinese reason; ffmpeg’s lines only behind 详情, folded again by 收起详情', async () => {
    mockApi().on(`${R}/GetMediaStatus`, () => ok(failed));
    renderWithApp(<MediaUploader resType={1} mediaId="M1" onChange={vi.fn()} />);
    const box = await screen.findByTestId('media-failure');
    expect(box).toHaveTextContent(failed.error);
    expect(screen.getByTestId('media-status')).toHaveTextContent('流畅');
    expect(box).not.toHaveTextContent('Error initializing');
    fireEvent.click(within(box).getByRole('button', { name: '详情' }));
    await waitFor(() => expect(screen.getByTestId('media-failure-detail')).toHaveTextContent('Error initializing output stream 0:0'));
    fireEvent.click(within(box).getByRole('button', { name: '收起详情' }));
    await waitFor(() => expect(screen.queryByTestId('media-failure-detail')).toBeNull());
    expect(within(box).getByRole('button', { name: /重试/ })).toBeTruthy();
  });

  it('without ffmpeg lines there is no 详情 to open', async () => {
    mockApi().on(`${R}/GetMediaStatus`, () => ok({ ...failed, errorDetail: '', error: '原文件已不存在，请重新上传' }));
    renderWithApp(<MediaUploader resType={1} mediaId="M1" onChange={vi.fn()} />);
    const box = await screen.findByTestId('media-failure');
    expect(box).toHaveTextContent('原文件已不存在，请重新上传');
    expect(within(box).queryByRole('button', { name: '详情' })).toBeNull();
  });
});
