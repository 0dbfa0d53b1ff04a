import { useQuery } from '@tanstack/react-query';
import { Card, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { getHomeImageNotices, getHomeNotices, getLinks } from '../../api/portal';
import { ExamCards } from '../learner/myexam/ExamCards';
import { NoticeRows } from '../public/components/NoticeRows';
import { BannerCarousel, buildBanners } from '../public/home/Banners';
import { ShowcaseSlot } from './courseSlots';
import { useImgExamRedirect } from './ExamPanel';
import { StudyCards } from './StudyCards';
// the notice rows' look
import '../public/components/portal.css';
import { portalKeys } from '../../api/portal.keys';
import { LightTabPanels, LightTabs } from '../../components/LightTabs';

// The learner dashboard panels of spec §2 "Learner dashboard and home panels".

/**
 * Carousel: the portal's banners (link type 0 and image notices), smaller: the portal's hand-made
 * carousel, not antd's (react-slick): lighter, its first picture asked for at once and first
 * (often the page's largest paint on a phone), nothing hidden in the tab order (issue 23 item 11).
 */
export function CarouselPanel() {
  const links = useQuery({ queryKey: portalKeys.links(0), queryFn: () => getLinks(0) });
  const images = useQuery({ queryKey: portalKeys.imageNotices, queryFn: getHomeImageNotices });
  return (
    <Card size="small" styles={{ body: { padding: 0, overflow: 'hidden', borderRadius: 8 } }} data-testid="dashboard-carousel">
      {links.isLoading || images.isLoading ? (
        // the carousel's own height: nothing moves when it arrives
        <div className="xt-banner xt-banner-compact" aria-busy="true">
          <div className="xt-banner-slide is-default" />
        </div>
      ) : (
        <BannerCarousel banners={buildBanners(links.data ?? [], images.data ?? [])} compact />
      )}
    </Card>
  );
}

export function NoticePanel() {
  const q = useQuery({ queryKey: portalKeys.homeNotices, queryFn: () => getHomeNotices(6) });
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

const STUDY_EXAM_TABS = [
  { key: 'study', label: '我的学习' },
  { key: 'exam', label: '我的考试' },
];

/** My study (training projects) and my exams: cards from the courses / exams modules. */
export function StudyExamPanel() {
  const [params] = useSearchParams();
  // exam messages link to /dashboard?tab=exam
  const [tab, setTab] = useState(params.get('tab') === 'exam' ? 'exam' : 'study');
  useImgExamRedirect();
  return (
    <Card data-testid="dashboard-study-exam">
      <LightTabs label="我的学习与考试" items={STUDY_EXAM_TABS} activeKey={tab} onChange={setTab} />
      <LightTabPanels
        activeKey={tab}
        items={[
          { key: 'study', children: <StudyCards /> },
          { key: 'exam', children: <ExamCards /> },
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
