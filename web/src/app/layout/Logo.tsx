import { Link } from 'react-router';

export function LogoMark({ size = 28 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" fill="var(--xt-primary, #409EFF)" />
      <path d="M14 24 32 15l18 9-18 9z" fill="#fff" />
      <path d="M22 30v10c0 4 20 4 20 0V30l-10 5z" fill="#fff" opacity=".85" />
      <path d="M50 24v12" stroke="#fff" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

export function Logo({ collapsed }: { collapsed: boolean }) {
  return (
    <Link to="/dashboard" className="xt-logo" data-testid="sidebar-logo">
      <LogoMark />
      {!collapsed && <span className="xt-logo-title">学途</span>}
    </Link>
  );
}
