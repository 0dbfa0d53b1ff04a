import { startTransition, useEffect, useState } from 'react';

/**
 * True a painted frame after `enabled` first turns true (or 500 ms later, for a tab that paints
 * none), set in a transition: a page renders what lies below its first screen after it, so the
 * first screen (its largest paint) does not wait for the whole page and the rest renders in
 * slices (issue 23 item 11; /home does the same, issue 15).
 */
export function useAfterFirstPaint(enabled = true): boolean {
  const [ready, setReady] = useState(false);
  useEffect(() => {
    if (!enabled || ready) return;
    const go = () => startTransition(() => setReady(true));
    const timer = window.setTimeout(go, 500);
    const frame = requestAnimationFrame(() => window.setTimeout(go, 0));
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [enabled, ready]);
  return ready;
}
