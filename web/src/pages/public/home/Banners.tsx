import type { LinkItem, NoticeItem } from '@xuetu/contract';
import { useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { responsiveImg } from '../../../components/responsiveImage';

/** spec: carousel interval 5000 ms, banner height 400 px */
export const CAROUSEL_INTERVAL_MS = 5000;
export const BANNER_HEIGHT_PX = 400;
/** a drag or swipe longer than this moves to the next or previous banner */
const SWIPE_PX = 40;
/**
 * How wide a banner picture is drawn: it covers the slide (400 px high, 200 px on a phone), so a
 * banner of the recommended 3:1 (1200×400) is 1200 px wide (600 px on a phone) even on a narrower
 * screen, and the screen's width on a wider one (srcset picks the copy; issue 15).
 */
export const BANNER_SIZES = '(max-width: 600px) 600px, (max-width: 1200px) 1200px, 100vw';
/** the copy asked for by a browser without srcset */
export const BANNER_FALLBACK_WIDTH = 1280;
/**
 * The learner dashboard's smaller carousel (200 px high): the whole width on a phone or tablet,
 * 14 of 24 columns of the content beside the sider on a wider screen.
 */
export const DASHBOARD_BANNER_SIZES = '(max-width: 991px) 100vw, 60vw';
export const DASHBOARD_BANNER_FALLBACK_WIDTH = 960;

export interface Banner {
  key: string;
  title: string;
  image: string;
  /** in-site path or external URL; empty: not clickable */
  href: string;
}

export const DEFAULT_BANNER: Banner = { key: 'default', title: '学途 · 在线培训考试平台', image: '', href: '' };

/** Banners from link type 0 and image notices; the default banner is appended when fewer than 2 exist. */
export function buildBanners(links: LinkItem[], imageNotices: NoticeItem[]): Banner[] {
  const list: Banner[] = [
    ...links.filter((l) => l.pcBanner).map((l) => ({ key: `l-${l.linkCode}`, title: l.linkName, image: l.pcBanner, href: l.pcLinkUrl })),
    ...imageNotices
      .filter((n) => n.pcBanner)
      .map((n) => ({
        key: `n-${n.noticeSysCode}`,
        title: n.noticeTitle,
        image: n.pcBanner,
        // spec: an image notice opens /ydnotice/showview, or its external URL
        href: n.noticeType === 2 && n.noticeUrl ? n.noticeUrl : `/ydnotice/showview?noticeSysCode=${encodeURIComponent(n.noticeSysCode)}`,
      })),
  ];
  if (list.length < 2) list.push(DEFAULT_BANNER);
  return list;
}

/**
 * The banner carousel: slides side by side on a track moved by a CSS transform, the next one every
 * CAROUSEL_INTERVAL_MS (paused while hovered or focused), dots to pick one, swipe or drag to move.
 * Hand-made rather than antd's Carousel (react-slick, ~12 KB compressed) for the portal's budget
 * (issue 15). `compact`: the learner dashboard's (200 px high, smaller caption; issue 23 item 11).
 */
export function BannerCarousel({
  banners,
  compact = false,
  sizes = compact ? DASHBOARD_BANNER_SIZES : BANNER_SIZES,
  fallbackWidth = compact ? DASHBOARD_BANNER_FALLBACK_WIDTH : BANNER_FALLBACK_WIDTH,
}: {
  banners: Banner[];
  compact?: boolean;
  sizes?: string;
  fallbackWidth?: number;
}) {
  const navigate = useNavigate();
  const [current, setCurrent] = useState(0);
  const [paused, setPaused] = useState(false);
  // the next banner's picture is fetched once the shown one has arrived, not along with it
  const [shownLoaded, setShownLoaded] = useState(false);
  const drag = useRef<{ x: number; moved: boolean } | null>(null);
  const count = banners.length;
  const index = current % count;

  // biome-ignore lint/correctness/useExhaustiveDependencies: a new banner (timer or dot) starts a full interval
  useEffect(() => {
    if (paused || count < 2) return;
    const timer = window.setTimeout(() => setCurrent((c) => (c + 1) % count), CAROUSEL_INTERVAL_MS);
    return () => window.clearTimeout(timer);
  }, [paused, count, index]);

  const open = (b: Banner) => {
    if (!b.href) return;
    if (/^https?:\/\//i.test(b.href)) window.open(b.href, '_blank', 'noopener');
    else navigate(b.href);
  };
  const go = (step: number) => setCurrent((c) => (((c + step) % count) + count) % count);

  return (
    <section
      className={compact ? 'xt-banner xt-banner-compact' : 'xt-banner'}
      data-testid="banner-carousel"
      aria-roledescription="carousel"
      aria-label="横幅"
      onMouseEnter={() => setPaused(true)}
      onMouseLeave={() => setPaused(false)}
      onFocus={() => setPaused(true)}
      onBlur={() => setPaused(false)}
    >
      <div
        className="xt-banner-track"
        style={{ transform: `translateX(${-index * 100}%)` }}
        onPointerDown={(e) => {
          drag.current = { x: e.clientX, moved: false };
        }}
        onPointerUp={(e) => {
          const start = drag.current;
          if (!start) return;
          const dx = e.clientX - start.x;
          if (Math.abs(dx) > SWIPE_PX) {
            start.moved = true;
            go(dx < 0 ? 1 : -1);
          }
        }}
      >
        {banners.map((b, i) => (
          <div
            key={b.key}
            className={`xt-banner-slide ${b.href ? 'is-link' : ''} ${b.image ? '' : 'is-default'}`}
            onClick={() => {
              // the end of a drag is not a click on the slide
              if (drag.current?.moved) return;
              open(b);
            }}
            onKeyDown={(e) => e.key === 'Enter' && open(b)}
            role="button"
            tabIndex={i === index ? 0 : -1}
            aria-hidden={i === index ? undefined : true}
            aria-roledescription="slide"
            aria-label={`${i + 1} / ${count}: ${b.title}`}
            data-testid="banner-slide"
          >
            {b.image && (
              <img
                className="xt-banner-img"
                {...responsiveImg(b.image, sizes, fallbackWidth)}
                alt=""
                // the first screen's largest picture: asked for at once and first; the others when
                // they are next (off to the side they would be fetched only when already shown)
                loading={i === index || (shownLoaded && i === (index + 1) % count) ? 'eager' : 'lazy'}
                fetchPriority={i === 0 ? 'high' : 'low'}
                decoding={i === 0 ? 'sync' : 'async'}
                onLoad={i === index ? () => setShownLoaded(true) : undefined}
                draggable={false}
                data-testid="banner-img"
              />
            )}
            <div className="xt-banner-caption">
              {compact ? <p className="xt-banner-title">{b.title}</p> : <h2>{b.title}</h2>}
              {!b.image && !compact && <p>随时随地学习课程、参加考试，记录每一步成长</p>}
            </div>
          </div>
        ))}
      </div>
      {count > 1 && (
        <div className="xt-banner-dots">
          {banners.map((b, i) => (
            <button
              key={b.key}
              type="button"
              className={i === index ? 'is-active' : ''}
              aria-label={`第 ${i + 1} 张`}
              aria-current={i === index ? 'true' : undefined}
              onClick={() => setCurrent(i)}
            />
          ))}
        </div>
      )}
    </section>
  );
}
