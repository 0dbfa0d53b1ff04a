import { useQuery } from '@tanstack/react-query';
import { Card, Carousel, Col, Empty, Row, Skeleton, Tabs } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { getHomeImageNotices, getHomeNotices, getLinks } from '../../api/portal';
import { ComingSoon } from '../../components/ComingSoon';
import { features } from '../../features';
import { ExamCards } from '../learner/myexam/ExamCards';
import { NoticeRows } from '../public/components/NoticeRows';
import { buildBanners, CAROUSEL_INTERVAL_MS } from '../public/home/Banners';
import { useImgExamRedirect } from './ExamPanel';
// the notice rows' look
import '../public/components/portal.css';

// The learner dashboard panels of spec §2 "Learner dashboard and home panels". Panels whose data
// comes with the courses or exams modules render <ComingSoon/> while features.courses /
// features.exams is off; each is its own component so those modules can fill it in place.

/** Carousel: the portal's banners (link type 0 and image notices), smaller. */
export function CarouselPanel() {
  const navigate = useNavigate();
  const links = useQuery({ queryKey: ['portal', 'links', 0], queryFn: () => getLinks(0) });
  const images = useQuery({ queryKey: ['portal', 'imageNotices'], queryFn: getHomeImageNotices });
  if (links.isLoading || images.isLoading) return <Skeleton.Node active style={{ width: '100%', height: 200 }} />;
  const banners = buildBanners(links.data ?? [], images.data ?? []);
  return (
    <Card size="small" styles={{ body: { padding: 0, overflow: 'hidden', borderRadius: 8 } }} data-testid="dashboard-carousel">
      <Carousel autoplay autoplaySpeed={CAROUSEL_INTERVAL_MS}>
        {banners.map((b) => (
          <div key={b.key}>
            <button
              type="button"
              className="xt-dash-banner"
              style={b.image ? { backgroundImage: `url("${b.image}")` } : undefined}
              onClick={() => b.href && (/^https?:\/\//i.test(b.href) ? window.open(b.href, '_blank', 'noopener') : navigate(b.href))}
            >
              <span>{b.title}</span>
            </button>
          </div>
        ))}
      </Carousel>
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
  useImgExamRedirect(features.exams);
  return (
    <Card data-testid="dashboard-study-exam">
      <Tabs
        // exam messages link to /dashboard?tab=exam
        defaultActiveKey={params.get('tab') === 'exam' ? 'exam' : 'study'}
        items={[
          {
            key: 'study',
            label: '我的学习',
            children: features.courses ? null : <ComingSoon what="培训项目学习卡片" testId="my-study-coming-soon" />,
          },
          {
            key: 'exam',
            label: '我的考试',
            children: features.exams ? <ExamCards /> : <ComingSoon what="考试卡片" testId="my-exam-coming-soon" />,
          },
        ]}
      />
    </Card>
  );
}

/** A panel that only the courses module can fill (learning calendar, study stars, training count). */
export function CoursePanel({ title, what, testId }: { title: string; what: string; testId: string }) {
  return (
    <Card title={title} data-testid={testId} style={{ height: '100%' }}>
      <ComingSoon what={what} testId={`${testId}-coming-soon`} />
    </Card>
  );
}

/** Course showcase, three columns: selected (HOT), new (NEW), free (GOOD). */
export function ShowcasePanel() {
  const columns = [
    { cate: 1, title: '精选课程', tag: 'HOT' },
    { cate: 2, title: '最新课程', tag: 'NEW' },
    { cate: 3, title: '免费课程', tag: 'GOOD' },
  ];
  return (
    <Card title="课程推荐" data-testid="dashboard-showcase">
      <Row gutter={[16, 16]}>
        {columns.map((c) => (
          <Col key={c.cate} xs={24} md={8}>
            <div className="xt-dash-showcase-head">
              {c.title} <span className={`xt-dash-tag xt-dash-tag-${c.tag.toLowerCase()}`}>{c.tag}</span>
            </div>
            <ComingSoon testId={`showcase-${c.tag.toLowerCase()}-coming-soon`} />
          </Col>
        ))}
      </Row>
    </Card>
  );
}
