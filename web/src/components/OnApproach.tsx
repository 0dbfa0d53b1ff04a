import type { ReactNode } from 'react';
import { useInView } from 'react-intersection-observer';

/** how far below (or above) the screen a waiting part starts to render: about half a phone screen */
export const APPROACH_MARGIN = '400px 0px';

/**
 * Renders `children` once its place comes within {@link APPROACH_MARGIN} of the screen, and keeps
 * them: the parts of a long page far below its first screen fetch their data and render only when
 * the learner scrolls towards them, so a phone opening the page pays for what it shows (issue 23
 * item 11). Until then an empty block of `minHeight` keeps the page's length, marked
 * `data-lazy="pending"` (the end-to-end specs scroll such blocks into view). Without
 * IntersectionObserver (very old browsers, jsdom) the children render at once.
 */
export function OnApproach({
  children,
  minHeight,
  testId,
  margin = APPROACH_MARGIN,
}: {
  children: ReactNode;
  minHeight: number;
  testId?: string;
  /** how near the screen it starts to render (a CSS margin; APPROACH_MARGIN unless given) */
  margin?: string;
}) {
  const { ref, inView } = useInView({ triggerOnce: true, rootMargin: margin, fallbackInView: true });
  if (inView) return <>{children}</>;
  return <div ref={ref} data-lazy="pending" data-testid={testId} style={{ minHeight }} aria-hidden="true" />;
}
