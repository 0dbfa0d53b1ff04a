import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import FileOutlined from '@ant-design/icons/es/icons/FileOutlined';
import LinkOutlined from '@ant-design/icons/es/icons/LinkOutlined';
import { isEmptyDate, type NoticeDetail, NoticeStatus, noticesApi } from '@xuetu/contract';
import { Alert, Empty, Skeleton } from 'antd';
import { Fragment } from 'react';
import { useCallEnvelope } from '../../../api/hooks';
import { RichTextView } from '../../../components/RichTextView';
import { sizedUrl } from '../../../components/responsiveImage';

/** spec: blank for the 1900-01-01 sentinel, else yyyy-MM-dd HH:mm */
export function formatReleaseTime(text: string | undefined): string {
  if (!text || isEmptyDate(text)) return '';
  return text.slice(0, 16);
}

/** spec: the cover shows only for a platform-wide notice of channel 2 or 3 */
export function showsCover(n: Pick<NoticeDetail, 'companySysCode' | 'noticeChannel' | 'pcCoverUrl'>): boolean {
  return !n.companySysCode && (n.noticeChannel === 2 || n.noticeChannel === 3) && !!n.pcCoverUrl;
}

/**
 * The notice viewer: title, second title (newlines kept), release time, cover, rich content and
 * attachments. `inApp` is the in-app viewer (/ydnotice/showview): release time only when published.
 */
export function NoticeView({ noticeSysCode, inApp = false }: { noticeSysCode: string; inApp?: boolean }) {
  const {
    data: env,
    isLoading,
    isError,
    error,
    // the whole envelope: the viewer shows `success: false` as a warning with the server msg
  } = useCallEnvelope(
    noticesApi.getNoticeDetailDataBySysCode,
    { noticeSysCode },
    {
      enabled: !!noticeSysCode,
      config: { silent: true },
      staleTime: 60_000,
    },
  );
  if (!noticeSysCode) return <Empty description="公告不存在" />;
  if (isLoading) return <Skeleton active paragraph={{ rows: 8 }} />;
  if (isError || !env?.success || !env.data) {
    const msg = env?.msg || (error as Error | null)?.message || '公告不存在';
    return <Alert type="warning" showIcon message={msg} data-testid="notice-warning" />;
  }
  const n = env.data;
  const release = !inApp || n.status === NoticeStatus.Published ? formatReleaseTime(n.releaseTime) : '';
  return (
    <article className="xt-notice-view" data-testid="notice-view">
      <h2 className="xt-notice-title">{n.noticeTitle}</h2>
      {n.noticeSecondTitle && (
        <div className="xt-notice-second" data-testid="notice-second-title">
          {n.noticeSecondTitle
            .split('\n')
            .map((line, i) => ({ line, id: `l${i}` }))
            .map(({ line, id }, i) => (
              <Fragment key={id}>
                {i > 0 && <br />}
                {line}
              </Fragment>
            ))}
        </div>
      )}
      <div className="xt-notice-meta">
        {release && <span data-testid="notice-release">发布时间：{release}</span>}
        <span>
          <EyeOutlined /> {n.pv}
        </span>
      </div>
      {/* at most the content's width and 360 px high: the 1280 px copy (issue 15) */}
      {showsCover(n) && (
        <img className="xt-notice-cover" src={sizedUrl(n.pcCoverUrl, 1280)} alt={n.noticeTitle} data-testid="notice-cover" />
      )}
      {n.noticeType === 2 && n.noticeUrl && (
        <Alert
          type="info"
          showIcon
          icon={<LinkOutlined />}
          message={
            <a href={n.noticeUrl} target="_blank" rel="noopener noreferrer">
              查看原文：{n.noticeUrl}
            </a>
          }
        />
      )}
      <RichTextView html={n.noticeValue} className="xt-notice-content" />
      {n.enclosure.length > 0 && (
        <section className="xt-notice-files" data-testid="notice-attachments">
          <div className="xt-notice-files-title">附件下载</div>
          {n.enclosure.map((e) => (
            <a key={e.nId} href={e.enclosurloadUrl} download={e.enclosureName} className="xt-notice-file">
              <FileOutlined /> {e.enclosureName}
            </a>
          ))}
        </section>
      )}
    </article>
  );
}
