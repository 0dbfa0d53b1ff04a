import { useQuery } from '@tanstack/react-query';
import { Card, Carousel, Empty, Skeleton, Tabs } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getHomeImageNotices, getHomeNotices, getLinks } from '../../api/portal';
import { sizedUrl } from '../../components/responsiveImage';
import { ExamCards } from '../learner/myexam/ExamCards';
import { NoticeRows } from '../public/components/NoticeRows';
import { buildBanners, CAROUSEL_INTERVAL_MS } from '../public/home/Banners';
import { ShowcaseSlot } from './courseSlots';
import { useImgExamRedirect } from './ExamPanel';
import { StudyCards } from './StudyCards';
// the notice rows' look
import '../public/components/portal.css';

// The learner dashboard panels of spec §2 "Learner dashboard and home panels".

/** Carousel: the portal's banners (link type 0 and image notices), smaller. */
export function CarouselPanel() {
  const navigate = useNavigate();
  // the slides out of view (and the carousel's copies of slides) are aria-hidden: their buttons
  // leave the tab order too, so the keyboard never lands on something a screen reader cannot see
  const frame = useRef<HTMLDivElement>(null);
  const syncTabOrder = useCallback(() => {
    for (const slide of frame.current?.querySelectorAll('.slick-slide') ?? []) {
      const hidden = slide.getAttribute('aria-hidden') === 'true';
      for (const b of slide.querySelectorAll('button')) b.tabIndex = hidden ? -1 : 0;
    }
  }, []);
  useEffect(syncTabOrder);
  const links = useQuery({ queryKey: ['portal', 'links', 0], queryFn: () => getLinks(0) });
  const images = useQuery({ queryKey: ['portal', 'imageNotices'], queryFn: getHomeImageNotices });
  if (links.isLoading || images.isLoading) return <Skeleton.Node active style={{ width: '100%', height: 200 }} />;
  const banners = buildBanners(links.data ?? [], images.data ?? []);
  return (
    <Card size="small" styles={{ body: { padding: 0, overflow: 'hidden', borderRadius: 8 } }} data-testid="dashboard-carousel">
      <div ref={frame}>
        <Carousel autoplay autoplaySpeed={CAROUSEL_INTERVAL_MS} afterChange={syncTabOrder}>
          {banners.map((b) => (
            <div key={b.key}>
              <button
                type="button"
                className="xt-dash-banner"
                style={b.image ? { backgroundImage: `url("${sizedUrl(b.image, 960)}")` } : undefined}
                onClick={() => b.href && (/^https?:\/\//i.test(b.href) ? window.open(b.href, '_blank', 'noopener') : navigate(b.href))}
              >
                <span>{b.title}</span>
              </button>
            </div>
          ))}
        </Carousel>
      </div>
    </Card>
  );
}

export function NoticePanel() {
  const q = useQuery({ queryKey: ['portal', 'homeNotices'], queryFn: () => getHomeNotices(6) });
  return (
    <Card title="通知公告" extra={<Link to="/infonoticelist">更多</Link>} data-testid="dashboard-notices">
      {q.isLoading ? (
        <Skeleton active />
      ) : q.data?.length ? (
        <NoticeRows items={q.data} listTestId="dashboard-notice-list" itemTestId="dashboard-notice" />
      ) : (
        <Empty description="暂无公告" />
      )}
    </Card>
  );
}

/** My study (training projects) and my exams: cards from the courses / exams modules. */
export function StudyExamPanel() {
  const [params] = useSearchParams();
  useImgExamRedirect();
  return (
    <Card data-testid="dashboard-study-exam">
      <Tabs
        // exam messages link to /dashboard?tab=exam
        defaultActiveKey={params.get('tab') === 'exam' ? 'exam' : 'study'}
        items={[
          {
            key: 'study',
            label: '我的学习',
            children: <StudyCards />,
          },
          {
            key: 'exam',
            label: '我的考试',
            children: <ExamCards />,
          },
        ]}
      />
    </Card>
  );
}

/** Course showcase, three columns: selected (HOT), new (NEW), free (GOOD). */
export function ShowcasePanel() {
  return (
    <Card title="课程推荐" data-testid="dashboard-showcase">
      <ShowcaseSlot />
    </Card>
  );
}
