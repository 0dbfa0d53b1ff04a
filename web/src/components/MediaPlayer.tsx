import { type PlayListAnswer, QUALITY_LABELS } from '@xuetu/contract';
import { Alert, Empty, Segmented, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { getToken } from '../app/auth';
import { RichTextView } from './RichTextView';

/**
 * Plays a resource's media from its signed play list: HLS through hls.js (loaded on demand,
 * sending the session header with every request) with a quality switch, plain files (the
 * original without renditions, audio) in the media element, pdf in the browser's viewer.
 */
export function MediaPlayer({ data }: { data: PlayListAnswer & { content?: string } }) {
  const [quality, setQuality] = useState(data.playList[0]?.item1 ?? '');
  const item = data.playList.find((p) => p.item1 === quality) ?? data.playList[0];
  const ref = useRef<HTMLVideoElement & HTMLAudioElement>(null);
  const [error, setError] = useState('');

  useEffect(() => {
    setQuality(data.playList[0]?.item1 ?? '');
  }, [data]);

  useEffect(() => {
    const el = ref.current;
    if (!el || !item || data.format !== 'hls') return;
    let destroyed = false;
    let hls: { destroy(): void } | undefined;
    const resume = el.currentTime;
    void import('hls.js').then(({ default: Hls }) => {
      if (destroyed) return;
      if (!Hls.isSupported()) {
        el.src = item.item2;
        return;
      }
      const token = getToken();
      const player = new Hls({
        xhrSetup: (xhr) => {
          if (token) xhr.setRequestHeader('ydAuthorization', `Bearer ${token}`);
        },
      });
      player.on(Hls.Events.ERROR, (_e, d) => {
        if (d.fatal) setError(d.response?.code === 410 ? '播放链接已失效或预览已结束' : '视频加载失败');
      });
      player.loadSource(item.item2);
      player.attachMedia(el);
      player.on(Hls.Events.MANIFEST_PARSED, () => {
        if (resume) el.currentTime = resume;
      });
      hls = player;
    });
    return () => {
      destroyed = true;
      hls?.destroy();
    };
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
        <iframe title={data.resName} src={src} style={{ width: '100%', height: 560, border: 0 }} />
      ) : data.resType === 2 ? (
        // biome-ignore lint/a11y/useMediaCaption: course audio has no caption track
        <audio ref={ref} controls src={src} style={{ width: '100%' }} data-testid="media-audio" />
      ) : (
        // biome-ignore lint/a11y/useMediaCaption: uploaded course videos have no caption track
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
            onChange={(v) => setQuality(String(v))}
            data-testid="quality-switch"
          />
        </Space>
      )}
      {data.note && <Alert type="info" showIcon message={data.note} />}
      {error && <Alert type="warning" showIcon message={error} />}
    </Space>
  );
}
