import { noticesApi, portalApi } from '@xuetu/contract';
import { Link } from 'react-router';
import { useCall } from '../../api/hooks';
import { LeanCard, LeanEmpty, LeanSkeleton } from '../../components/LeanCard';
import { NoticeRows } from '../public/components/NoticeRows';
import { BannerCarousel, buildBanners } from '../public/home/Banners';
// the notice rows' and the carousel's look
import '../public/components/portal.css';

// The dashboard's first screen under the welcome (spec §2 "Learner dashboard and home panels"):
// carousel and notices, drawn without antd (ADR 0050).

/**
 * Carousel: the portal's banners (link type 0 and image notices), smaller: the portal's hand-made
 * carousel, not antd's (react-slick): lighter, its first picture asked for at once and first
 * (often the page's largest paint on a phone), nothing hidden in the tab order (issue 23 item 11).
 */
export function CarouselPanel() {
  const links = useCall(portalApi.getFPLinkInfoList, { linkType: 0 });
  const images = useCall(noticesApi.getHomePageImageNotice, {});
  return (
    <LeanCard small testId="dashboard-carousel" bodyStyle={{ padding: 0, overflow: 'hidden', borderRadius: 8 }}>
      {links.isLoading || images.isLoading ? (
        // the carousel's own height: nothing moves when it arrives
        <div className="xt-banner xt-banner-compact" aria-busy="true">
          <div className="xt-banner-slide is-default" />
        </div>
      ) : (
        <BannerCarousel banners={buildBanners(links.data ?? [], images.data ?? [])} compact />
      )}
    </LeanCard>
  );
}

export function NoticePanel() {
  const q = useCall(noticesApi.getFPNoticeInfoList, { top: 6 });
  return (
    <LeanCard title="通知公告" extra={<Link to="/infonoticelist">更多</Link>} testId="dashboard-notices">
      {q.isLoading ? (
        <LeanSkeleton />
      ) : q.data?.length ? (
        <NoticeRows items={q.data} listTestId="dashboard-notice-list" itemTestId="dashboard-notice" />
      ) : (
        <LeanEmpty description="暂无公告" />
      )}
    </LeanCard>
  );
}

/**
 * True once the carousel's and the notices' data are here (the same queries as the panels: asked
 * once): until then the first screen is shorter than it will be, and what waits below it would
 * seem near the screen.
 */
export function useFirstPanelsSettled(): boolean {
  const links = useCall(portalApi.getFPLinkInfoList, { linkType: 0 });
  const images = useCall(noticesApi.getHomePageImageNotice, {});
  const notices = useCall(noticesApi.getFPNoticeInfoList, { top: 6 });
  return !links.isLoading && !images.isLoading && !notices.isLoading;
}

/** Carousel and notices side by side from 992 px, one above the other on a phone. */
export function CarouselAndNotices() {
  return (
    <div className="xt-lean-grid is-split">
      <CarouselPanel />
      <NoticePanel />
    </div>
  );
}
