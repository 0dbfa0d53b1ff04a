import type { LinkItem, NoticeItem } from '@xuetu/contract';
import { Carousel } from 'antd';
import { useNavigate } from 'react-router';

/** spec: carousel interval 5000 ms, banner height 400 px */
export const CAROUSEL_INTERVAL_MS = 5000;
export const BANNER_HEIGHT_PX = 400;

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

export function BannerCarousel({ banners }: { banners: Banner[] }) {
  const navigate = useNavigate();
  const open = (b: Banner) => {
    if (!b.href) return;
    if (/^https?:\/\//i.test(b.href)) window.open(b.href, '_blank', 'noopener');
    else navigate(b.href);
  };
  return (
    <section className="xt-banner" data-testid="banner-carousel">
      <Carousel autoplay autoplaySpeed={CAROUSEL_INTERVAL_MS} draggable>
        {banners.map((b) => (
          <div key={b.key}>
            <div
              className={`xt-banner-slide ${b.href ? 'is-link' : ''} ${b.image ? '' : 'is-default'}`}
              style={b.image ? { backgroundImage: `url("${b.image}")` } : undefined}
              onClick={() => open(b)}
              onKeyDown={(e) => e.key === 'Enter' && open(b)}
              role="button"
              tabIndex={0}
              data-testid="banner-slide"
            >
              <div className="xt-banner-caption">
                <h2>{b.title}</h2>
                {!b.image && <p>随时随地学习课程、参加考试，记录每一步成长</p>}
              </div>
            </div>
          </div>
        ))}
      </Carousel>
    </section>
  );
}
