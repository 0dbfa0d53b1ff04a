import EyeOutlined from '@ant-design/icons/es/icons/EyeOutlined';
import type { NoticeItem } from '@xuetu/contract';
import { Link } from 'react-router';
import { NoticeDate } from './NoticeDate';

/** Notice rows (home and /infonoticelist): release month/day and year, title, description, pv. */
export function NoticeRows({ items, listTestId, itemTestId }: { items: NoticeItem[]; listTestId: string; itemTestId: string }) {
  return (
    <ul className="xt-notice-list" data-testid={listTestId}>
      {items.map((n) => (
        <li key={n.noticeSysCode}>
          <Link
            to={`/viewnoticeitem?noticeSysCode=${encodeURIComponent(n.noticeSysCode)}`}
            className="xt-notice-row"
            data-testid={itemTestId}
          >
            <NoticeDate notice={n} />
            <div className="xt-notice-body">
              <div className="xt-notice-row-title">{n.noticeTitle}</div>
              <div className="xt-notice-desc">{n.noticeDesc}</div>
            </div>
            <div className="xt-notice-pv">
              <EyeOutlined /> {n.pv}
            </div>
          </Link>
        </li>
      ))}
    </ul>
  );
}
