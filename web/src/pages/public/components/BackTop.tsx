import VerticalAlignTopOutlined from '@ant-design/icons/es/icons/VerticalAlignTopOutlined';
import { useEffect, useState } from 'react';

/** spec: the back-to-top action appears after 400 px of scrolling */
export const BACK_TOP_THRESHOLD = 400;

export function BackTop() {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    const onScroll = () => setShown(window.scrollY > BACK_TOP_THRESHOLD);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
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
