import { type CSSProperties, type KeyboardEvent, type ReactNode, type RefObject, useEffect, useId, useRef, useState } from 'react';
import './lean-menu.css';

// A small menu without antd (ADR 0050: the layout's header draws no antd): the user menu, the
// component size and the tabs' context menu. WAI-ARIA menu button pattern: the arrow keys, Home
// and End move between the items, Escape closes and gives the focus back, Tab or a click outside
// closes.

export interface LeanMenuItem {
  key: string;
  label: ReactNode;
  icon?: ReactNode;
  disabled?: boolean;
  /** a line above the item */
  dividerAbove?: boolean;
  /** for a choice among the items (`role="menuitemradio"`) */
  checked?: boolean;
}

function focusables(list: HTMLElement | null): HTMLButtonElement[] {
  return list ? [...list.querySelectorAll<HTMLButtonElement>('button[role^="menuitem"]:not(:disabled)')] : [];
}

/** The open list. `onClose(true)`: give the focus back to what opened it. */
export function MenuPopup({
  items,
  onSelect,
  onClose,
  label,
  className,
  style,
  id,
  anchor,
}: {
  items: LeanMenuItem[];
  onSelect: (key: string) => void;
  onClose: (refocus: boolean) => void;
  label: string;
  className?: string;
  style?: CSSProperties;
  id?: string;
  /** what opened the list (a press there is not "outside": it toggles the list itself) */
  anchor?: RefObject<HTMLElement | null>;
}) {
  const list = useRef<HTMLUListElement>(null);
  const close = useRef(onClose);
  close.current = onClose;
  const choice = items.some((i) => i.checked !== undefined);
  useEffect(() => {
    const first = focusables(list.current);
    (first.find((b) => b.getAttribute('aria-checked') === 'true') ?? first[0])?.focus();
    const outside = (e: Event) => {
      const target = e.target as Node;
      if (!list.current?.contains(target) && !anchor?.current?.contains(target)) close.current(false);
    };
    document.addEventListener('pointerdown', outside, true);
    return () => document.removeEventListener('pointerdown', outside, true);
  }, [anchor]);

  const onKeyDown = (e: KeyboardEvent) => {
    const all = focusables(list.current);
    const at = all.indexOf(document.activeElement as HTMLButtonElement);
    const move = (to: number) => {
      e.preventDefault();
      all[(to + all.length) % all.length]?.focus();
    };
    if (e.key === 'ArrowDown') move(at + 1);
    else if (e.key === 'ArrowUp') move(at - 1);
    else if (e.key === 'Home') move(0);
    else if (e.key === 'End') move(all.length - 1);
    else if (e.key === 'Escape') {
      e.preventDefault();
      onClose(true);
    } else if (e.key === 'Tab') onClose(false);
  };

  return (
    <ul
      ref={list}
      id={id}
      role="menu"
      aria-label={label}
      className={`xt-menu${className ? ` ${className}` : ''}`}
      style={style}
      onKeyDown={onKeyDown}
    >
      {items.map((item) => (
        <li key={item.key} role="none" className={item.dividerAbove ? 'xt-menu-divided' : undefined}>
          <button
            type="button"
            role={choice ? 'menuitemradio' : 'menuitem'}
            aria-checked={choice ? !!item.checked : undefined}
            disabled={item.disabled}
            tabIndex={-1}
            className={`xt-menu-item${item.checked ? ' is-checked' : ''}`}
            onClick={() => {
              onClose(true);
              onSelect(item.key);
            }}
          >
            {item.icon}
            {item.label}
          </button>
        </li>
      ))}
    </ul>
  );
}

/** A button that opens a {@link MenuPopup} under it, aligned to its right edge. */
export function MenuButton({
  items,
  onSelect,
  label,
  children,
  className,
  testId,
  ariaLabel,
}: {
  items: LeanMenuItem[];
  onSelect: (key: string) => void;
  /** the menu's accessible name */
  label: string;
  children: ReactNode;
  className?: string;
  testId?: string;
  /** the button's accessible name, when its content is only an icon */
  ariaLabel?: string;
}) {
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const id = useId();
  return (
    <span className="xt-menu-anchor">
      <button
        ref={button}
        type="button"
        className={className}
        data-testid={testId}
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? id : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open && (
        <MenuPopup
          id={id}
          items={items}
          label={label}
          onSelect={onSelect}
          className="is-below"
          anchor={button}
          onClose={(refocus) => {
            setOpen(false);
            if (refocus) button.current?.focus();
          }}
        />
      )}
    </span>
  );
}
