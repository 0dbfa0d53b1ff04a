import type { ReactNode } from 'react';
import './light-tabs.css';

export interface LightTab {
  key: string;
  label: ReactNode;
}

/**
 * A light tab bar for the public and login pages: antd's Tabs brings its overflow menu
 * (Dropdown, Menu, Overflow) to every page that shows it, which the portal's first load cannot
 * afford (issue 15). The bar wraps on a narrow screen instead of folding into a menu; the panel
 * is the caller's.
 */
export function LightTabs({
  items,
  activeKey,
  onChange,
  extra,
  label,
  centered = false,
}: {
  items: LightTab[];
  activeKey: string;
  onChange: (key: string) => void;
  extra?: ReactNode;
  /** accessible name of the tab list */
  label: string;
  centered?: boolean;
}) {
  return (
    <div className={`xt-tabs${centered ? ' is-centered' : ''}`}>
      <div className="xt-tabs-list" role="tablist" aria-label={label}>
        {items.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t.key === activeKey}
            tabIndex={t.key === activeKey ? 0 : -1}
            className={`xt-tab${t.key === activeKey ? ' is-active' : ''}`}
            onClick={() => t.key !== activeKey && onChange(t.key)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {extra && <div className="xt-tabs-extra">{extra}</div>}
    </div>
  );
}
