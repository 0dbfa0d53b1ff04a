import { PauseOutlined, ReloadOutlined, UploadOutlined } from '@ant-design/icons';
import { MEDIA_STALLED_TEXT, MEDIA_STATUS_LABELS, MEDIA_UPLOAD_PATH, type MediaView, QUALITY_LABELS, trainResApi } from '@xuetu/contract';
import { Alert, App, Button, Progress, Space, Tag, Typography } from 'antd';
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import type { DetailedError, Upload } from 'tus-js-client';
import { call } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { getToken } from '../../../app/auth';
import { useAppMutation } from '../../../app/useAppMutation';
import { MediaFailure } from './MediaFailure';

const ACCEPT: Record<number, string> = { 1: 'video/*,.mp4,.mov,.webm,.mkv', 2: 'audio/*,.mp3,.m4a,.wav,.aac', 3: 'application/pdf,.pdf' };

const fmtBytes = (n: number) =>
  n >= 1 << 30 ? `${(n / (1 << 30)).toFixed(2)} GB` : n >= 1 << 20 ? `${(n / (1 << 20)).toFixed(1)} MB` : `${Math.ceil(n / 1024)} KB`;
const fmtTime = (s: number) =>
  s >= 3600
    ? `${Math.floor(s / 3600)}小时${Math.floor((s % 3600) / 60)}分`
    : s >= 60
      ? `${Math.floor(s / 60)}分${Math.round(s % 60)}秒`
      : `${Math.max(1, Math.round(s))}秒`;

interface Transfer {
  name: string;
  sent: number;
  total: number;
  /** bytes per second over the last few seconds */
  speed: number;
  paused: boolean;
  /** the network is gone: the upload waits for it and goes on by itself */
  offline: boolean;
  error: string;
}

/** A refusal no retry changes (quota, type, size, rights): 4xx except conflict, locked, too many. */
const isRefusal = (status: number) => status >= 400 && status < 500 && ![409, 423, 429].includes(status);
const statusOf = (err: Error) => (err as DetailedError).originalResponse?.getStatus() ?? 0;
const isOffline = () => typeof navigator !== 'undefined' && navigator.onLine === false;
export const OFFLINE_TEXT = '网络已断开，恢复后自动继续';

const MEDIA_KINDS: Record<number, string> = { 1: 'video', 2: 'audio', 3: 'document' };

/**
 * Resumable upload (tus) of a resource's media: progress with speed and time left, pause and
 * resume, then the server's processing state (transcoding progress, failure reason, retry).
 * Failures that may pass (network, 5xx, 409/423/429) are retried with backoff; when the browser
 * goes offline the upload stops, keeps its progress on screen and goes on by itself once it is
 * back online. Only a refusal (quota, type…) stops it with the server's message.
 */
export function MediaUploader({
  resType,
  mediaId,
  onChange,
  chunkSize = 8 * 1024 * 1024,
}: {
  resType: number;
  mediaId: string;
  onChange: (mediaId: string) => void;
  /** bytes per PATCH request */
  chunkSize?: number;
}) {
  const { message } = App.useApp();
  const input = useRef<HTMLInputElement>(null);
  const upload = useRef<Upload | null>(null);
  const samples = useRef<{ t: number; bytes: number }[]>([]);
  /** what the upload is doing, for the online/offline listeners (outside React's state) */
  const mode = useRef<'idle' | 'running' | 'paused' | 'offline'>('idle');
  const [transfer, setTransfer] = useState<Transfer | null>(null);
  // the upload ends long after it started: it reports to the parent's handler of that moment (a
  // course's lesson list changed meanwhile — a lesson added — must not be put back as it was)
  const changed = useRef(onChange);
  useLayoutEffect(() => {
    changed.current = onChange;
  });

  useEffect(() => () => void upload.current?.abort(), []);

  const waitForNetwork = () => {
    mode.current = 'offline';
    void upload.current?.abort();
    setTransfer((x) => (x ? { ...x, offline: true, paused: false, speed: 0, error: '' } : x));
  };
  const resume = () => {
    mode.current = 'running';
    samples.current = [];
    setTransfer((x) => (x ? { ...x, paused: false, offline: false, error: '' } : x));
    // tus asks the server for the offset (HEAD) and goes on from there
    upload.current?.start();
  };

  useEffect(() => {
    // a request cut by a dropped network may hang until the connection times out: stop it now
    const offline = () => {
      if (mode.current === 'running') waitForNetwork();
    };
    const online = () => {
      if (mode.current === 'offline') resume();
    };
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  });

  const status = useCall(
    trainResApi.getMediaStatus,
    { mediaId },
    {
      enabled: Boolean(mediaId),
      refetchInterval: (q) => (q.state.data && ['uploaded', 'processing'].includes(q.state.data.status) ? 1000 : false),
    },
  );
  const retry = useAppMutation({
    mutationFn: () => call(trainResApi.retryMedia, { mediaId }),
    invalidate: [trainResApi.getMediaStatus],
  });

  // stays outside useAppMutation: tus owns the transfer (chunks, pause/resume, progress, retries)
  const start = async (file: File) => {
    const { Upload } = await import('tus-js-client');
    samples.current = [];
    void upload.current?.abort();
    mode.current = 'running';
    setTransfer({ name: file.name, sent: 0, total: file.size, speed: 0, paused: false, offline: false, error: '' });
    const up = new Upload(file, {
      endpoint: MEDIA_UPLOAD_PATH,
      chunkSize,
      // backoff for failures that may pass; the count starts again once bytes get through
      retryDelays: [0, 1000, 3000, 5000, 10_000, 20_000, 30_000, 60_000],
      // offline: no retry (onError parks the upload until the browser is online again)
      onShouldRetry: (err) => !isRefusal(statusOf(err)) && !isOffline(),
      removeFingerprintOnSuccess: true,
      // kind: what the resource expects; the server judges the first bytes against it
      metadata: { filename: file.name, filetype: file.type, kind: MEDIA_KINDS[resType] ?? '' },
      onBeforeRequest: (req) => {
        const token = getToken();
        if (token) req.setHeader('ydAuthorization', `Bearer ${token}`);
      },
      onProgress: (sent, total) => {
        const now = performance.now();
        const s = samples.current;
        s.push({ t: now, bytes: sent });
        while (s.length > 2 && now - s[0].t > 5000) s.shift();
        const span = (now - s[0].t) / 1000;
        const speed = span > 0 ? (sent - s[0].bytes) / span : 0;
        setTransfer((x) => (x ? { ...x, sent, total, speed } : x));
      },
      onError: (err) => {
        const status = statusOf(err);
        if (!isRefusal(status) && isOffline()) return waitForNetwork();
        mode.current = 'paused';
        const body = (err as DetailedError).originalResponse?.getBody();
        setTransfer((x) => (x ? { ...x, error: (isRefusal(status) && body) || '上传失败，请重试', paused: true, offline: false } : x));
      },
      onSuccess: ({ lastResponse }) => {
        mode.current = 'idle';
        const id = lastResponse.getHeader('X-Media-Id') ?? '';
        setTransfer(null);
        if (!id) {
          message.error('上传失败，请重试');
          return;
        }
        message.success('上传完成');
        changed.current(id);
      },
    });
    // a file uploaded before (same browser) continues where it stopped
    const previous = await up.findPreviousUploads();
    if (previous[0]) up.resumeFromPreviousUpload(previous[0]);
    upload.current = up;
    up.start();
  };

  const pause = () => {
    mode.current = 'paused';
    void upload.current?.abort();
    setTransfer((x) => (x ? { ...x, paused: true, offline: false, speed: 0 } : x));
  };

  const media: MediaView | undefined = mediaId ? status.data : undefined;
  const pct = transfer ? Math.floor((transfer.sent / Math.max(1, transfer.total)) * 100) : 0;
  const left = transfer && transfer.speed > 0 ? (transfer.total - transfer.sent) / transfer.speed : 0;

  return (
    <>
      <input
        ref={input}
        type="file"
        hidden
        style={{ display: 'none' }}
        accept={ACCEPT[resType]}
        data-testid="media-file"
        onChange={(e) => {
          const file = e.target.files?.[0];
          e.target.value = '';
          if (file) void start(file);
        }}
      />
      <Space direction="vertical" style={{ width: '100%' }} data-testid="media-uploader">
        <Space>
          <Button icon={<UploadOutlined />} disabled={Boolean(transfer && !transfer.error)} onClick={() => input.current?.click()}>
            {mediaId ? '重新上传' : '上传文件'}
          </Button>
          {transfer && !transfer.paused && !transfer.offline && (
            <Button icon={<PauseOutlined />} onClick={pause} data-testid="upload-pause">
              暂停
            </Button>
          )}
          {transfer?.paused && (
            <Button type="primary" ghost onClick={resume} data-testid="upload-resume">
              继续上传
            </Button>
          )}
        </Space>
        {transfer && (
          <div data-testid="upload-progress">
            <Typography.Text ellipsis>{transfer.name}</Typography.Text>
            {/* the percentage stays in words even on a failure (antd would show an icon instead) */}
            <Progress
              aria-label="上传进度"
              percent={pct}
              format={() => `${pct}%`}
              status={transfer.error ? 'exception' : transfer.paused || transfer.offline ? 'normal' : 'active'}
            />
            <Typography.Text type="secondary">
              {fmtBytes(transfer.sent)} / {fmtBytes(transfer.total)}
              {transfer.offline
                ? ' · 等待网络'
                : transfer.paused
                  ? ' · 已暂停'
                  : transfer.speed > 0
                    ? ` · ${fmtBytes(transfer.speed)}/s · 剩余约 ${fmtTime(left)}`
                    : ''}
            </Typography.Text>
            {transfer.offline && (
              <Alert type="warning" showIcon message={OFFLINE_TEXT} style={{ marginTop: 8 }} data-testid="upload-offline" />
            )}
            {transfer.error && <Alert type="error" showIcon message={transfer.error} style={{ marginTop: 8 }} />}
          </div>
        )}
        {media && (
          <div data-testid="media-status">
            <Space wrap>
              <Typography.Text>{media.originalName}</Typography.Text>
              <Tag color={media.status === 'ready' ? 'green' : media.status === 'failed' ? 'red' : 'blue'}>
                {MEDIA_STATUS_LABELS[media.status] ?? media.status}
              </Tag>
              {media.qualities.map((q) => (
                <Tag key={q}>{QUALITY_LABELS[q] ?? q}</Tag>
              ))}
              {media.duration > 0 && <Typography.Text type="secondary">时长 {fmtTime(media.duration)}</Typography.Text>}
            </Space>
            {['uploaded', 'processing'].includes(media.status) && (
              <Progress percent={media.progress} size="small" status="active" data-testid="transcode-progress" />
            )}
            {media.stalled && (
              <Alert
                type="warning"
                showIcon
                message={MEDIA_STALLED_TEXT}
                action={
                  <Button size="small" icon={<ReloadOutlined />} loading={retry.isPending} onClick={() => retry.mutate()}>
                    重试
                  </Button>
                }
              />
            )}
            {media.status === 'failed' && !media.stalled && (
              <MediaFailure
                reason={media.error}
                detail={media.errorDetail}
                action={
                  <Button size="small" icon={<ReloadOutlined />} loading={retry.isPending} onClick={() => retry.mutate()}>
                    重试
                  </Button>
                }
              />
            )}
            {media.status === 'ready' && media.error && <Alert type="info" showIcon message={media.error} />}
          </div>
        )}
      </Space>
    </>
  );
}
