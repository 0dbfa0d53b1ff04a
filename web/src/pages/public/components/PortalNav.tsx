import { Fragment } from 'react';
import { Link } from 'react-router';

// Plain breadcrumb and previous/next pager of the public pages. antd's Breadcrumb carries its
// Dropdown and Menu, and its Pagination the page-size Select, into the page's first load; these
// pages need neither (issue 15 budget).

export interface Crumb {
  title: string;
  to?: string;
}

export function PortalCrumbs({ items }: { items: Crumb[] }) {
  return (
    <nav className="xt-crumbs" aria-label="面包屑">
      <ol>
        {items.map((c, i) => (
          <Fragment key={c.title}>
            {i > 0 && (
              <li className="xt-crumbs-sep" aria-hidden>
                /
              </li>
            )}
            <li>{c.to ? <Link to={c.to}>{c.title}</Link> : <span aria-current="page">{c.title}</span>}</li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}

/** spec: the notice list's pager shows previous/next text only. */
export function PrevNextPager({
  page,
  pageSize,
  total,
  onChange,
}: {
  page: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  return (
    <nav className="xt-pager" aria-label="分页" data-testid="notice-pager">
      <button type="button" disabled={page <= 1} onClick={() => onChange(page - 1)} data-testid="pager-prev">
        上一页
      </button>
      <span className="xt-pager-at">
        {Math.min(page, last)} / {last}
      </span>
      <button type="button" disabled={page >= last} onClick={() => onChange(page + 1)} data-testid="pager-next">
        下一页
      </button>
    </nav>
  );
}
