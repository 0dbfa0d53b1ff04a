import { type ReactNode, useState } from 'react';
import './light-tabs.css';

export interface LightTab {
  key: string;
  label: ReactNode;
}

/**
 * A light tab bar for the public, login and learner pages: antd's Tabs brings its overflow menu
 * (Dropdown, Menu, Overflow) to every page that shows it, which the portal's first load cannot
 * afford (issue 15), and measures every tab on mount (a long task of the learner pages on a phone,
 * issue 23 item 11). The bar wraps on a narrow screen instead of folding into a menu; the panel
 * is the caller's (or LightTabPanels').
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

/**
 * The panels under a LightTabs bar, kept as antd's Tabs keeps them: a panel renders when first
 * shown and stays mounted, hidden, when another is chosen (a note being typed survives a look at
 * another tab).
 */
export function LightTabPanels({ items, activeKey }: { items: { key: string; children: ReactNode }[]; activeKey: string }) {
  const [shown, setShown] = useState(() => new Set([activeKey]));
  if (!shown.has(activeKey)) setShown(new Set(shown).add(activeKey));
  return (
    <>
      {items
        .filter((t) => t.key === activeKey || shown.has(t.key))
        .map((t) => (
          <div key={t.key} hidden={t.key !== activeKey}>
            {t.children}
          </div>
        ))}
    </>
  );
}
