// A numbered pager without antd (ADR 0050: a lean page's pager): 上一页, the pages around the
// current one with the first and the last, 下一页.

/** the page numbers shown: first, last, and two either side of `current`; null marks a gap */
export function pagerItems(current: number, last: number): (number | null)[] {
  const shown = new Set([1, last]);
  for (let p = current - 2; p <= current + 2; p++) if (p >= 1 && p <= last) shown.add(p);
  const out: (number | null)[] = [];
  let before = 0;
  for (const p of [...shown].sort((a, b) => a - b)) {
    if (before && p > before + 1) out.push(null);
    out.push(p);
    before = p;
  }
  return out;
}

export function LeanPager({
  current,
  pageSize,
  total,
  onChange,
  testId,
}: {
  current: number;
  pageSize: number;
  total: number;
  onChange: (page: number) => void;
  testId?: string;
}) {
  const last = Math.max(1, Math.ceil(total / pageSize));
  const at = Math.min(current, last);
  return (
    <nav className="xt-lean-pager" aria-label="分页" data-testid={testId}>
      <button type="button" disabled={at <= 1} onClick={() => onChange(at - 1)}>
        上一页
      </button>
      {pagerItems(at, last).map((p, i) =>
        p === null ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: a gap has no identity of its own
          <span key={`gap${i}`} className="xt-lean-pager-gap" aria-hidden>
            …
          </span>
        ) : (
          <button
            key={p}
            type="button"
            className={p === at ? 'is-current' : undefined}
            aria-current={p === at ? 'page' : undefined}
            aria-label={`第 ${p} 页`}
            onClick={() => p !== at && onChange(p)}
          >
            {p}
          </button>
        ),
      )}
      <button type="button" disabled={at >= last} onClick={() => onChange(at + 1)}>
        下一页
      </button>
      <span className="xt-lean-pager-total">共 {total} 条</span>
    </nav>
  );
}
