import LockOutlined from '@ant-design/icons/es/icons/LockOutlined';
import { PREVIEW_SECONDS, QUALITY_LABELS, ResType, trainResApi } from '@xuetu/contract';
import { Alert, Button, Modal, Segmented, Skeleton, Space } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useCall } from '../../../api/hooks';
import { attachHls } from '../../../components/attachHls';
import './preview.css';

export const PREVIEW_LOCK_TEXT = '登录后查看完整视频';

/**
 * The signed-out course play dialog (spec §2 "Media preview"): the video plays with the quality
 * switch (FD 流畅 / LD 标清 / SD 高清 / OD 原画) and pauses after 30 seconds; reaching 30 s,
 * seeking past it, the end of the preview or entering fullscreen shows the overlay
 * 登录后查看完整视频 with a login button (the page's login dialog). hls.js is fetched on demand.
 */
export default function PreviewDialog({ rescode, onClose, onLogin }: { rescode: string; onClose(): void; onLogin(): void }) {
  const q = useCall(trainResApi.getTrainResPreView, { rescode }, { retry: false });
  const data = q.data;
  const limit = data?.previewSeconds || PREVIEW_SECONDS;
  const [quality, setQuality] = useState('');
  const [locked, setLocked] = useState(false);
  const [error, setError] = useState('');
  const ref = useRef<HTMLVideoElement>(null);
  const item = data?.playList.find((p) => p.item1 === quality) ?? data?.playList[0];
  const isVideo = data?.resType === ResType.Video;

  // HLS through hls.js (loaded on demand); a plain file straight into the element
  useEffect(() => {
    const el = ref.current;
    if (!el || !item || !isVideo || data?.format !== 'hls') return;
    const resume = el.currentTime;
    return attachHls(el, item.item2, {
      // the preview's media ends at 30 s: asking beyond it is the lock, not a failure
      onFatal: (status) => (status === 410 ? setLocked(true) : setError('视频加载失败')),
      onReady: () => {
        if (resume) el.currentTime = Math.min(resume, limit);
      },
    });
  }, [item, isVideo, data?.format, limit]);

  // the 30 s limit: time reached, a seek past it, the end of the preview, fullscreen
  // biome-ignore lint/correctness/useExhaustiveDependencies: `item` — the video element appears with the play list
  useEffect(() => {
    const el = ref.current;
    if (!el || !isVideo) return;
    const lock = () => {
      el.pause();
      setLocked(true);
    };
    const onTime = () => {
      if (el.currentTime >= limit) lock();
    };
    const onSeek = () => {
      if (el.currentTime > limit) {
        el.currentTime = limit;
        lock();
      }
    };
    const onPlay = () => {
      if (el.currentTime >= limit) lock();
    };
    const onFullscreen = () => {
      if (document.fullscreenElement) {
        void document.exitFullscreen().catch(() => {});
        lock();
      }
    };
    // one signal removes every listener of this effect
    const off = new AbortController();
    const on = { signal: off.signal };
    el.addEventListener('timeupdate', onTime, on);
    el.addEventListener('seeking', onSeek, on);
    el.addEventListener('play', onPlay, on);
    el.addEventListener('ended', lock, on);
    // iOS Safari's own fullscreen player
    el.addEventListener('webkitbeginfullscreen', lock, on);
    document.addEventListener('fullscreenchange', onFullscreen, on);
    return () => off.abort();
  }, [limit, isVideo, item]);

  const login = () => {
    onClose();
    onLogin();
  };
  const overlay = (text: string) => (
    <div className="xt-preview-lock" data-testid="preview-lock">
      <LockOutlined />
      <div>{text}</div>
      <Button type="primary" onClick={login} data-testid="preview-login">
        登录
      </Button>
    </div>
  );
  const qualities = (data?.playList ?? []).map((p) => ({ value: p.item1, label: QUALITY_LABELS[p.item1] ?? p.item1 }));
  return (
    <Modal
      open
      title={data?.resName ?? '课程预览'}
      onCancel={onClose}
      footer={null}
      width={760}
      destroyOnHidden
      className="xt-preview-modal"
      data-testid="preview-dialog"
    >
      <div data-testid="preview-dialog-body">
        {q.isLoading ? (
          <Skeleton active />
        ) : q.isError ? (
          <Alert type="error" showIcon message={(q.error as Error).message || '课程不存在'} />
        ) : isVideo && item ? (
          <Space orientation="vertical" style={{ width: '100%' }}>
            <div className="xt-preview-stage">
              <video
                ref={ref}
                controls={!locked}
                playsInline
                src={data?.format === 'file' ? item.item2 : undefined}
                poster={data?.cover || undefined}
                data-testid="preview-video"
              />
              {locked && overlay(PREVIEW_LOCK_TEXT)}
            </div>
            <Space wrap>
              <span className="xt-preview-hint">未登录可免费试看 {limit} 秒</span>
              {qualities.length > 1 && (
                <Segmented
                  size="small"
                  options={qualities}
                  value={item.item1}
                  onChange={(v) => setQuality(String(v))}
                  data-testid="preview-quality"
                />
              )}
            </Space>
            {error && <Alert type="warning" showIcon message={error} />}
          </Space>
        ) : (
          // audio without a stream, documents, rich text, or a file the preview may not serve
          <div className="xt-preview-stage xt-preview-stage-empty">{overlay(isVideo ? PREVIEW_LOCK_TEXT : '登录后查看完整内容')}</div>
        )}
      </div>
    </Modal>
  );
}
