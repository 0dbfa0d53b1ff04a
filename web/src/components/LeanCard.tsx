import type { CSSProperties, ReactNode } from 'react';
import './lean.css';

// The lean parts of ADR 0050: antd's card and statistic look, drawn with plain elements and the
// product's CSS variables, for the learner's first screens (no antd component, no antd sheet).

/** A card: optional head (title as a heading, `extra` at its right) and a body. */
export function LeanCard({
  title,
  extra,
  children,
  small = false,
  testId,
  bodyStyle,
  className,
}: {
  title?: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
  small?: boolean;
  testId?: string;
  bodyStyle?: CSSProperties;
  className?: string;
}) {
  return (
    <section className={`xt-lean-card${small ? ' is-small' : ''}${className ? ` ${className}` : ''}`} data-testid={testId}>
      {title !== undefined && (
        <div className="xt-lean-card-head">
          <h2 className="xt-lean-card-title">{title}</h2>
          {extra && <div className="xt-lean-card-extra">{extra}</div>}
        </div>
      )}
      <div className="xt-lean-card-body" style={bodyStyle}>
        {children}
      </div>
    </section>
  );
}

/** A statistic: title, then icon, value and unit. `muted`: the value is a placeholder. */
export function LeanStatistic({
  title,
  icon,
  value,
  suffix,
  muted = false,
}: {
  title: string;
  icon?: ReactNode;
  value: ReactNode;
  suffix?: string;
  muted?: boolean;
}) {
  return (
    <div className="xt-lean-stat">
      <div className="xt-lean-stat-title">{title}</div>
      <div className={`xt-lean-stat-value${muted ? ' is-muted' : ''}`}>
        {icon && <span className="xt-lean-stat-icon">{icon}</span>}
        <span>{value}</span>
        {suffix && <span className="xt-lean-stat-suffix">{suffix}</span>}
      </div>
    </div>
  );
}

/** Grey lines while a list loads. */
export function LeanSkeleton({ rows = 3 }: { rows?: number }) {
  return (
    <div className="xt-lean-skeleton" aria-busy="true" role="status" aria-label="加载中">
      {Array.from({ length: rows }, (_, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: fixed placeholder rows
        <span key={i} />
      ))}
    </div>
  );
}

/** Nothing to show. */
export function LeanEmpty({ description }: { description: string }) {
  return <div className="xt-lean-empty">{description}</div>;
}

/**
 * A notice band (antd's banner Alert, lean.css): a warning is announced as an alert, anything else
 * as a status; `action` sits at its end.
 */
export function LeanAlert({
  tone,
  testId,
  action,
  children,
  className,
}: {
  tone: 'info' | 'warning';
  testId?: string;
  action?: ReactNode;
  children: ReactNode;
  className?: string;
}) {
  return (
    <div
      className={`xt-lean-alert is-${tone}${className ? ` ${className}` : ''}`}
      role={tone === 'warning' ? 'alert' : 'status'}
      data-testid={testId}
    >
      <span className="xt-lean-alert-text">{children}</span>
      {action && <span className="xt-lean-alert-action">{action}</span>}
    </div>
  );
}

/** A page-wide outcome (antd's Result, plainer): its title and its one way on. */
export function LeanResult({ title, action }: { title: string; action: ReactNode }) {
  return (
    <div className="xt-lean-result" role="status">
      <p className="xt-lean-result-title">{title}</p>
      {action}
    </div>
  );
}

/** A thin progress bar (lean.css), named for screen readers; `percent` is kept within 0–100. */
export function LeanProgress({ label, percent, style }: { label: string; percent: number; style?: CSSProperties }) {
  const value = Math.min(100, Math.max(0, percent));
  return (
    <span
      className="xt-lean-progress"
      role="progressbar"
      aria-label={label}
      aria-valuenow={value}
      aria-valuemin={0}
      aria-valuemax={100}
      style={style}
    >
      <span style={{ width: `${value}%` }} />
    </span>
  );
}
