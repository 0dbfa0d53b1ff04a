import VerticalAlignTopOutlined from '@ant-design/icons/es/icons/VerticalAlignTopOutlined';
import { useEffect, useState } from 'react';

/** spec: the back-to-top action appears after 400 px of scrolling */
export const BACK_TOP_THRESHOLD = 400;

export function BackTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > BACK_TOP_THRESHOLD);
    // the first check waits for the next frame: read in the mount's effect, the offset forced the
    // page's whole style and layout inside the first render's task (Lighthouse's forced reflow on
    // /home, 42 ms unthrottled; issue 39 item 2); the frame lays the page out anyway
    const frame = requestAnimationFrame(onScroll);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('scroll', onScroll);
    };
  }, []);
  if (!shown) return null;
  return (
    <button
      type="button"
      className="xt-backtop"
      aria-label="返回顶部"
      data-testid="back-top"
      onClick={() => window.scrollTo({ top: 0, behavior: 'smooth' })}
    >
      <VerticalAlignTopOutlined />
    </button>
  );
}
