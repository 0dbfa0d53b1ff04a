/**
 * The loading placeholder while a page's chunk arrives: a plain ring (styles.css), not antd's Spin,
 * since it shows before antd is loaded (ADR 0050). Announced to screen readers as busy.
 */
export function PageLoading({ fullscreen = false }: { fullscreen?: boolean }) {
  return (
    <div
      data-testid="page-loading"
      className={`xt-page-loading${fullscreen ? ' is-fullscreen' : ''}`}
      role="status"
      aria-busy="true"
      aria-label="加载中"
    >
      <span className="xt-page-loading-ring" />
    </div>
  );
}
