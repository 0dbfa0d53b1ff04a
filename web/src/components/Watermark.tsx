import { type ReactNode, useEffect, useRef } from 'react';

/** How often the moving marks change place (and the time is redrawn). */
export const WATERMARK_MOVE_MS = 20_000;
/** The marks drawn: one tiled layer over the whole area and two that move. */
export const WATERMARK_LAYERS = 3;

const pad = (n: number) => String(n).padStart(2, '0');
/** yyyy-mm-dd hh:mm of the viewer's clock. */
export function watermarkTime(at: Date): string {
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
}

/** The tiled layer's image: the text twice, turned, as an SVG repeated over the area. */
function tile(text: string): string {
  const esc = text.replace(/[<>&"']/g, (c) => `&#${c.charCodeAt(0)};`);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="320" height="180"><g transform="rotate(-20 160 90)" fill="#000" fill-opacity="0.14" font-size="15" font-family="sans-serif"><text x="20" y="70">${esc}</text><text x="120" y="150">${esc}</text></g></svg>`;
  return `url("data:image/svg+xml,${encodeURIComponent(svg)}")`;
}

const BASE =
  'position:absolute;pointer-events:none;user-select:none;z-index:5;margin:0;padding:0;display:block;visibility:visible;transform:none;';

/**
 * Draws the layers into `host` afresh: removes any left (ours, or an altered copy) and adds them
 * again with the text, the time and new random places for the moving marks.
 */
function draw(host: HTMLElement, text: string, now: Date): void {
  for (const old of Array.from(host.querySelectorAll(':scope > [data-xt-wm]'))) old.remove();
  const line = `${text} ${watermarkTime(now)}`;
  const tiled = document.createElement('div');
  tiled.setAttribute('style', `${BASE}inset:0;opacity:1;background-image:${tile(line)};background-repeat:repeat;`);
  const marks = [tiled];
  for (let i = 0; i < WATERMARK_LAYERS - 1; i++) {
    const mark = document.createElement('div');
    const left = 5 + Math.floor(Math.random() * 55);
    const top = 8 + Math.floor(Math.random() * 72);
    mark.setAttribute(
      'style',
      `${BASE}left:${left}%;top:${top}%;opacity:0.38;color:#fff;text-shadow:0 0 2px #000;font-size:14px;white-space:nowrap;`,
    );
    mark.textContent = line;
    marks.push(mark);
  }
  for (const m of marks) {
    m.setAttribute('data-xt-wm', '');
    m.setAttribute('aria-hidden', 'true');
    m.setAttribute('data-testid', 'watermark-layer');
    host.appendChild(m);
  }
}

/**
 * The dynamic watermark (issue 44 item 3, ADR 0058) over the study page's video or document: the
 * viewer's name and last four phone digits (or account code) with the time, semi-transparent, in
 * several layers (a tiled one and two that move every WATERMARK_MOVE_MS). The layers are drawn
 * outside React, and a MutationObserver redraws them all when one is removed, or its style or
 * attributes are changed (deleting one element in the developer tools does not remove the mark).
 * `text` '' draws nothing.
 */
export function Watermark({ text, children, className }: { text: string; children: ReactNode; className?: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el || !text) return;
    let observer: MutationObserver | null = null;
    const redraw = () => {
      observer?.disconnect();
      draw(el, text, new Date());
      observer?.takeRecords();
      observer?.observe(el, { childList: true, subtree: true, attributes: true, characterData: true });
    };
    observer = new MutationObserver((records) => {
      const ours = (n: Node | null) => n instanceof HTMLElement && n.closest('[data-xt-wm]') !== null;
      const touched = records.some(
        (r) =>
          Array.from(r.removedNodes).some((n) => n instanceof HTMLElement && n.hasAttribute('data-xt-wm')) ||
          ((r.type === 'attributes' || r.type === 'characterData') && (ours(r.target as Node) || ours(r.target.parentNode))),
      );
      if (touched || el.querySelectorAll(':scope > [data-xt-wm]').length !== WATERMARK_LAYERS) redraw();
    });
    redraw();
    const timer = window.setInterval(redraw, WATERMARK_MOVE_MS);
    return () => {
      window.clearInterval(timer);
      observer?.disconnect();
      observer = null;
      for (const old of Array.from(el.querySelectorAll(':scope > [data-xt-wm]'))) old.remove();
    };
  }, [text]);
  return (
    <div
      ref={host}
      className={className}
      // the moving marks never widen the page (a phone's study page does not scroll sideways)
      style={{ position: 'relative', overflow: 'hidden' }}
      data-testid={text ? 'watermarked' : undefined}
    >
      {children}
    </div>
  );
}
