import { fireEvent, render, screen } from '@testing-library/react';
import type { PlayListAnswer } from '@xuetu/contract';
import { App } from 'antd';
import { describe, expect, it } from 'vitest';
import { MediaPlayer } from './MediaPlayer';

const base: PlayListAnswer = {
  playList: [],
  attExt: '',
  cover: '',
  resType: 1,
  resName: '课',
  duration: 10,
  previewSeconds: 0,
  format: 'file',
  note: '',
};
const show = (data: Partial<PlayListAnswer> & { content?: string }) =>
  render(
    <App>
      <MediaPlayer data={{ ...base, ...data }} />
    </App>,
  );

describe('MediaPlayer', () => {
  it('plays the original file directly and offers no quality switch for one quality', () => {
    show({ playList: [{ item1: 'OD', item2: '/prod-api/media/play/M1/OD/source.mp4?t=x' }], note: '服务器未安装 ffmpeg/ffprobe' });
    expect(screen.getByTestId('media-video').getAttribute('src')).toBe('/prod-api/media/play/M1/OD/source.mp4?t=x');
    expect(screen.queryByTestId('quality-switch')).toBeNull();
    expect(screen.getByText('服务器未安装 ffmpeg/ffprobe')).toBeTruthy();
  });

  it('names the qualities in Chinese and switches between them', () => {
    show({
      format: 'hls',
      playList: [
        { item1: 'FD', item2: '/prod-api/media/play/M1/FD/index.m3u8?t=a' },
        { item1: 'OD', item2: '/prod-api/media/play/M1/OD/index.m3u8?t=b' },
      ],
    });
    const sw = screen.getByTestId('quality-switch');
    expect(sw.textContent).toContain('流畅');
    fireEvent.click(screen.getByText('原画'));
    expect(sw.querySelector('.ant-segmented-item-selected')?.textContent).toBe('原画');
  });

  it('tells why nothing plays (anonymous preview of a file)', () => {
    show({ note: '登录后查看完整视频' });
    expect(screen.getByText('登录后查看完整视频')).toBeTruthy();
  });

  it('plays audio in an audio element', () => {
    show({ resType: 2, playList: [{ item1: 'OD', item2: '/a.mp3' }] });
    expect(screen.getByTestId('media-audio').getAttribute('src')).toBe('/a.mp3');
  });
});
