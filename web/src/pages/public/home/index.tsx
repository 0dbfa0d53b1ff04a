import ArrowRightOutlined from '@ant-design/icons/es/icons/ArrowRightOutlined';
import RightOutlined from '@ant-design/icons/es/icons/RightOutlined';
import { type LinkItem, type NoticeItem, noticesApi, portalApi } from '@xuetu/contract';
import { startTransition, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { useCall } from '../../../api/hooks';
import { isWhiteListed } from '../../../app/guard';
import { useIsLoggedIn } from '../../../app/store/session';
import { LeanEmpty, LeanSkeleton } from '../../../components/LeanCard';
import { LightTabs } from '../../../components/LightTabs';
import { OnApproach } from '../../../components/OnApproach';
import { useTicketLogin } from '../../login/useTicketLogin';
import { BackTop } from '../components/BackTop';
import { NoticeRows } from '../components/NoticeRows';
import { PortalFooter } from '../components/PortalFooter';
import { PortalHeader, PortalLoginContext, usePortalLogin, usePortalLoginContext } from '../components/PortalHeader';
import '../components/portal.css';
import { responsiveImg, sizedUrl } from '../../../components/responsiveImage';
import { BannerCarousel, buildBanners } from './Banners';
import { HotCourses, Rankings, StudyStars } from './Courses';
import { Lecturers } from './Lecturers';

const isExternal = (url: string) => /^https?:\/\//i.test(url);

function SmartLink({ url, className, children, testId }: { url: string; className?: string; children: React.ReactNode; testId?: string }) {
  const loggedIn = useIsLoggedIn();
  const login = usePortalLoginContext();
  if (isExternal(url))
    return (
      <a href={url} target="_blank" rel="noopener noreferrer" className={className} data-testid={testId}>
        {children}
      </a>
    );
  const to = url || '/home';
  // a page that needs a session: visitors sign in first and then continue there (not bounced to /home)
  const needsLogin = !loggedIn && !!login && !isWhiteListed(new URL(to, 'http://x').pathname);
  return (
    <Link
      to={to}
      className={className}
      data-testid={testId}
      onClick={(e) => {
        if (!needsLogin) return;
        e.preventDefault();
        login.open(to);
      }}
    >
      {children}
    </Link>
  );
}

function useLinks(linkType: number, enabled = true) {
  return useCall(portalApi.getFPLinkInfoList, { linkType }, { enabled });
}

function Section({
  title,
  extra,
  children,
  testId,
}: {
  title: string;
  extra?: React.ReactNode;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <section className="xt-section" data-testid={testId}>
      <div className="xt-section-head">
        <h2>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}

/** a cover card's width: grid columns of at least 160 px (about 171 px in the desktop column), two on a phone */
const COVER_SIZES = '(max-width: 600px) 50vw, (max-width: 991px) 33vw, 180px';

function CoverCards({ items, loading, testId }: { items: LinkItem[] | undefined; loading: boolean; testId: string }) {
  if (loading) return <LeanSkeleton />;
  if (!items?.length) return <LeanEmpty description="暂无内容" />;
  return (
    <div className="xt-cover-grid" data-testid={testId}>
      {items.map((l) => (
        <SmartLink key={l.linkCode} url={l.pcLinkUrl} className="xt-cover-card">
          {/* below the first screen: fetched when scrolled near (lazy), decoded off the main thread */}
          {l.pcCoverUrlPath ? (
            <img className="xt-cover-img" {...responsiveImg(l.pcCoverUrlPath, COVER_SIZES)} alt="" loading="lazy" decoding="async" />
          ) : (
            <div className="xt-cover-img" />
          )}
          <div className="xt-cover-name">{l.pcLinkName || l.linkName}</div>
        </SmartLink>
      ))}
    </div>
  );
}

/**
 * A section far below the first screen (lecturers, skills, clubs, charity): its data and pictures
 * are asked for and it renders only as the visitor scrolls towards it (OnApproach; issue 39 item 2:
 * on a phone the first load rendered all of them, the most of its main-thread work after the
 * first screen). `minHeight` keeps the page's length until then (the phone's height of the part).
 */
function OnApproachSection({ minHeight, testId, children }: { minHeight: number; testId: string; children: React.ReactNode }) {
  return (
    <OnApproach minHeight={minHeight} testId={`${testId}-waiting`}>
      {children}
    </OnApproach>
  );
}

function CoverSection({ title, testId, linkType, listTestId }: { title: string; testId: string; linkType: number; listTestId: string }) {
  const links = useLinks(linkType);
  return (
    <Section title={title} testId={testId}>
      <CoverCards items={links.data} loading={links.isPending} testId={listTestId} />
    </Section>
  );
}

function LecturersSection() {
  const lecturers = useCall(portalApi.getFPLecturerInfoList, {});
  return (
    <Section title="名师风采" testId="section-lecturers">
      <Lecturers items={lecturers.data} loading={lecturers.isPending} />
    </Section>
  );
}

function NoticeList({ items, loading }: { items: NoticeItem[] | undefined; loading: boolean }) {
  if (loading) return <LeanSkeleton rows={6} />;
  if (!items?.length) return <LeanEmpty description="暂无公告" />;
  return <NoticeRows items={items} listTestId="home-notices" itemTestId="home-notice" />;
}

/**
 * The public home page (spec portal-and-learner §2 "Public home page"). Drawn without antd (issue
 * 39 item 2: antd's configuration, its sheet and its components were most of a phone's work on
 * this page): its dialogs load antd when they open (AntIsland).
 */
export default function HomePage() {
  // spec: a `ticket` in the URL logs in, then the route is replaced by /; a failure is ignored
  useTicketLogin();
  const navigate = useNavigate();
  const login = usePortalLogin();
  const bannerLinks = useLinks(0);
  const imageNotices = useCall(noticesApi.getHomePageImageNotice, {});
  const topNav = useLinks(1);
  const midNav = useLinks(2);
  const models = useCall(portalApi.getShowModelInfoDataList, { clientType: 2 });
  // the data below the first screen is asked for once the first screen has painted: on a phone
  // its requests and pictures would otherwise share the link with the banner, the largest paint
  // (issue 15, Lighthouse LCP)
  const [belowData, setBelowData] = useState(false);
  const notices = useCall(noticesApi.getFPNoticeInfoList, { top: 6 }, { enabled: belowData });
  const banners = useMemo(() => buildBanners(bannerLinks.data ?? [], imageNotices.data ?? []), [bannerLinks.data, imageNotices.data]);
  // the first screen (top and middle navigation, banners, display models) appears in one piece
  // once its data is here: parts arriving one by one would push the page down (layout shift)
  const foldReady = !bannerLinks.isLoading && !imageNotices.isLoading && !topNav.isLoading && !midNav.isLoading && !models.isLoading;
  // what lies below the first screen is rendered after it, as a transition: the first screen
  // (and its banner, the largest paint) does not wait for the whole page, and the main thread
  // stays free while the rest renders in slices (issue 15, Lighthouse LCP/TBT)
  const [belowReady, setBelowReady] = useState(false);
  useEffect(() => {
    if (foldReady) startTransition(() => setBelowReady(true));
  }, [foldReady]);
  useEffect(() => {
    if (!foldReady) return;
    // after the next frame has been painted; the timer for a tab that paints no frames (hidden)
    const start = () => setBelowData(true);
    const timer = window.setTimeout(start, 500);
    const frame = requestAnimationFrame(() => window.setTimeout(start, 0));
    return () => {
      window.clearTimeout(timer);
      cancelAnimationFrame(frame);
    };
  }, [foldReady]);

  return (
    <PortalLoginContext.Provider value={login}>
      <div className="xt-portal" data-testid="home-page">
        <PortalHeader login={login} />
        {foldReady && !!topNav.data?.length && (
          <nav className="xt-topnav" data-testid="top-nav">
            <div className="xt-container">
              {topNav.data.map((l) => (
                <SmartLink key={l.linkCode} url={l.pcLinkUrl} testId="top-nav-link">
                  {l.pcLinkName || l.linkName}
                </SmartLink>
              ))}
            </div>
          </nav>
        )}
        {foldReady ? <BannerCarousel banners={banners} /> : <div className="xt-banner xt-banner-loading" />}

        {foldReady && (
          <>
            <main className="xt-container xt-portal-main">
              {!!midNav.data?.length && (
                <div className="xt-midnav" data-testid="mid-nav">
                  {midNav.data.map((l) => (
                    <SmartLink key={l.linkCode} url={l.pcLinkUrl} className="xt-midnav-item">
                      <span
                        className="xt-midnav-icon"
                        // a 44 px icon: the 160 px copy is sharp on any screen
                        style={l.pcCoverUrlPath ? { backgroundImage: `url("${sizedUrl(l.pcCoverUrlPath, 160)}")` } : undefined}
                      >
                        {l.pcCoverUrlPath ? '' : (l.pcLinkName || l.linkName).slice(0, 1)}
                      </span>
                      <span>{l.pcLinkName || l.linkName}</span>
                    </SmartLink>
                  ))}
                </div>
              )}

              {!!models.data?.length && (
                <div className="xt-models" data-testid="display-models">
                  {models.data.map((m) => (
                    <SmartLink key={m.modelCode} url={m.linkUrl} className="xt-model-card">
                      <span
                        className="xt-model-img"
                        // 56×40 px, covered: the 320 px copy
                        style={m.imageUrl ? { backgroundImage: `url("${sizedUrl(m.imageUrl, 320)}")` } : undefined}
                      />
                      <span className="xt-model-text">
                        <strong>{m.modelName}</strong>
                        <small>{m.modelDesc}</small>
                      </span>
                      <ArrowRightOutlined />
                    </SmartLink>
                  ))}
                </div>
              )}

              {belowReady && (
                <>
                  <div className="xt-two-col">
                    <Section title="热门课程" testId="section-courses">
                      <HotCourses onNeedLogin={login.open} />
                    </Section>
                    <aside className="xt-side">
                      <Rankings onNeedLogin={() => login.open()} />
                      <StudyStars />
                    </aside>
                  </div>

                  <Section title="通知公告" testId="section-notices">
                    <LightTabs
                      label="通知公告"
                      activeKey="latest"
                      items={[
                        { key: 'latest', label: '最新公告' },
                        { key: 'all', label: <span data-testid="all-notices-tab">全部公告</span> },
                      ]}
                      onChange={(k) => {
                        // spec: the 'all notices' tab leads to /infonoticelist
                        if (k === 'all') navigate('/infonoticelist');
                      }}
                      extra={
                        <Link to="/infonoticelist" className="xt-more" data-testid="all-notices-link">
                          全部公告 <RightOutlined />
                        </Link>
                      }
                    />
                    <div role="tabpanel" aria-label="最新公告">
                      <NoticeList items={notices.data} loading={notices.isPending} />
                    </div>
                  </Section>

                  <OnApproachSection minHeight={546} testId="section-lecturers">
                    <LecturersSection />
                  </OnApproachSection>

                  <OnApproachSection minHeight={350} testId="section-skills">
                    <CoverSection title="职业技能" testId="section-skills" linkType={3} listTestId="skill-links" />
                  </OnApproachSection>
                  <div className="xt-two-col xt-two-equal">
                    <OnApproachSection minHeight={350} testId="section-clubs">
                      <CoverSection title="社团活动" testId="section-clubs" linkType={4} listTestId="club-links" />
                    </OnApproachSection>
                    <OnApproachSection minHeight={374} testId="section-charity">
                      <CoverSection title="公益项目" testId="section-charity" linkType={5} listTestId="charity-links" />
                    </OnApproachSection>
                  </div>
                </>
              )}
            </main>
            {belowReady && <PortalFooter />}
          </>
        )}
        <BackTop />
      </div>
    </PortalLoginContext.Provider>
  );
}
