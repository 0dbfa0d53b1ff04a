import type { NoticeItem } from '@xuetu/contract';

/** The release month/day over the year, as the notice lists show it. */
export function NoticeDate({ notice }: { notice: Pick<NoticeItem, 'releaseMonth' | 'releaseDay' | 'releaseYear'> }) {
  return (
    <div className="xt-notice-date">
      <div className="xt-notice-md">{notice.releaseMonth ? `${notice.releaseMonth}-${notice.releaseDay}` : '--'}</div>
      <div className="xt-notice-year">{notice.releaseYear}</div>
    </div>
  );
}
