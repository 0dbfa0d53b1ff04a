import { type PlayListAnswer, QUALITY_LABELS } from '@xuetu/contract';
import { Alert, Empty, Segmented, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { attachHls } from './attachHls';
import { PdfViewer } from './PdfViewer';
import { RichTextView } from './RichTextView';

/**
 * Plays a resource's media from its signed play list: HLS through hls.js (loaded on demand,
 * sending the session header with every request) with a quality switch, plain files (the
 * original without renditions, audio) in the media element, pdf drawn by pdf.js (loaded only
 * when a pdf is shown).
 */
export function MediaPlayer({ data }: { data: PlayListAnswer & { content?: string } }) {
  const [quality, setQuality] = useState(data.playList[0]?.item1 ?? '');
  const item = data.playList.find((p) => p.item1 === quality) ?? data.playList[0];
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    setQuality(data.playList[0]?.item1 ?? '');
  }, [data]);

  // where it was, and whether it played, when another quality was chosen: read at the choice, since
  // the previous rendition's cleanup has emptied the element by the time the effect below runs
  const switching = useRef<{ at: number; playing: boolean } | null>(null);
  const chooseQuality = (next: string) => {
    const el = ref.current;
    if (el) switching.current = { at: el.currentTime, playing: !el.paused && !el.ended };
    setQuality(next);
  };

  useEffect(() => {
    const el = ref.current;
    if (!el || !item || data.format !== 'hls') return;
    const { at, playing } = switching.current ?? { at: el.currentTime, playing: !el.paused };
    switching.current = null;
    return attachHls(el, item.item2, {
      onFatal: (status) => setError(status === 410 ? '播放链接已失效或预览已结束' : '视频加载失败'),
      onReady: () => {
        if (at) el.currentTime = at;
        if (playing) void el.play().catch(() => {});
      },
    });
  }, [item, data.format]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !data.previewSeconds) return;
    const stop = () => {
      if (el.currentTime >= data.previewSeconds) {
        el.pause();
        setError('登录后查看完整视频');
      }
    };
    el.addEventListener('timeupdate', stop);
    return () => el.removeEventListener('timeupdate', stop);
  }, [data.previewSeconds]);

  if (data.resType === 4) return <RichTextView html={data.content ?? ''} />;
  if (!item) return data.note ? <Alert type="warning" showIcon message={data.note} /> : <Empty description="暂无可播放的内容" />;
  const qualities = data.playList.map((p) => ({ value: p.item1, label: QUALITY_LABELS[p.item1] ?? p.item1 }));
  const src = data.format === 'file' ? item.item2 : undefined;
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="media-player">
      {data.resType === 3 ? (
        <PdfViewer url={item.item2} maxHeight={560} />
      ) : data.resType === 2 ? (
        <audio ref={ref} controls src={src} style={{ width: '100%' }} data-testid="media-audio" />
      ) : (
        <video
          ref={ref}
          controls
          src={src}
          poster={data.cover || undefined}
          style={{ width: '100%', maxHeight: 480, background: '#000' }}
          data-testid="media-video"
        />
      )}
      {qualities.length > 1 && (
        <Space>
          清晰度
          <Segmented
            size="small"
            options={qualities}
            value={quality}
            onChange={(v) => chooseQuality(String(v))}
            data-testid="quality-switch"
          />
        </Space>
      )}
      {data.note && <Alert type="info" showIcon message={data.note} />}
      {error && <Alert type="warning" showIcon message={error} />}
    </Space>
  );
}
