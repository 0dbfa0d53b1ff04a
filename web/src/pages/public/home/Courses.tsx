import { FireOutlined, TrophyOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_DIR_NO, HOT_RES_TOP, RANKING_LIMIT } from '@xuetu/contract';
import { Avatar, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type CourseCard, getIndexHotRes, getIndexResDirList, getRankingList, getStudyStars, type ResDir } from '../../../api/portal';
import { useIsLoggedIn } from '../../../app/store/session';
import { ComingSoon } from '../../../components/ComingSoon';
import { LightTabs } from '../../../components/LightTabs';
import { features } from '../../../features';

// Course showcase: hot courses by category, rankings, study stars. Data comes from the courses
// module; until its endpoints exist (features.courses) each block shows 建设中 and calls nothing.

const ALL_DIR: ResDir = { dCode: '', dName: '全部', dNo: DEFAULT_DIR_NO, dpNo: '' };

/** spec: a lesson opens /trainres/study?id=…; without a session the play dialog (courses module) comes first */
function useOpenCourse() {
  const navigate = useNavigate();
  return (c: CourseCard) => navigate(`/trainres/study?id=${encodeURIComponent(c.resCode)}`);
}

function CourseGrid({ items, loading }: { items: CourseCard[] | undefined; loading: boolean }) {
  const open = useOpenCourse();
  if (loading) return <Skeleton active />;
  if (!items?.length) return <Empty description="暂无课程" data-testid="courses-empty" />;
  return (
    <div className="xt-course-grid">
      {items.map((c) => (
        <button type="button" key={c.resCode} className="xt-course-card" onClick={() => open(c)}>
          <div className="xt-course-cover" style={c.cover ? { backgroundImage: `url("${c.cover}")` } : undefined} />
          <div className="xt-course-name">{c.resName}</div>
          <div className="xt-course-intro">{c.introduce}</div>
          <div className="xt-course-views">{c.viewCnt ?? 0} 人学习</div>
        </button>
      ))}
    </div>
  );
}

export function HotCourses({ onNeedLogin }: { onNeedLogin: (target: string) => void }) {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  const enabled = features.courses;
  const dirs = useQuery({ queryKey: ['portal', 'resdirs'], queryFn: getIndexResDirList, retry: false, enabled });
  const [dir, setDir] = useState<ResDir>(ALL_DIR);
  const hot = useQuery({
    queryKey: ['portal', 'hot', dir.dCode],
    queryFn: () => getIndexHotRes(dir.dCode, HOT_RES_TOP),
    retry: false,
    enabled,
  });
  // spec: an extra first entry 'all' with an empty code
  const tabs = [ALL_DIR, ...(Array.isArray(dirs.data) ? dirs.data : [])];
  const more = () => {
    const target = `/trainres/index?dcode=${encodeURIComponent(dir.dCode)}&dno=${encodeURIComponent(dir.dNo || DEFAULT_DIR_NO)}`;
    // spec: 'more' goes to /trainres/index with dcode and dno when logged in, otherwise opens the login dialog
    if (loggedIn) navigate(target);
    else onNeedLogin(target);
  };
  return (
    <div data-testid="hot-courses">
      <LightTabs
        label="课程分类"
        activeKey={dir.dCode || 'all'}
        onChange={(k) => setDir(tabs.find((d) => (d.dCode || 'all') === k) ?? ALL_DIR)}
        items={tabs.map((d) => ({ key: d.dCode || 'all', label: d.dName }))}
        extra={
          <button type="button" className="xt-link-button" onClick={more}>
            更多 &gt;
          </button>
        }
      />
      {enabled ? (
        <CourseGrid items={Array.isArray(hot.data) ? hot.data : undefined} loading={hot.isLoading} />
      ) : (
        <ComingSoon what="课程中心" testId="courses-coming-soon" />
      )}
    </div>
  );
}

export function Rankings() {
  const open = useOpenCourse();
  const q = useQuery({
    queryKey: ['portal', 'ranking'],
    queryFn: () => getRankingList(RANKING_LIMIT),
    retry: false,
    enabled: features.courses,
  });
  const items = Array.isArray(q.data) ? q.data : [];
  return (
    <div className="xt-side-card" data-testid="course-ranking">
      <div className="xt-side-title">
        <TrophyOutlined /> 课程排行
      </div>
      {!features.courses ? (
        <ComingSoon testId="ranking-coming-soon" />
      ) : q.isLoading ? (
        <Skeleton active />
      ) : items.length ? (
        <ol className="xt-ranking">
          {items.map((c, i) => (
            <li key={c.resCode}>
              <span className={`xt-rank xt-rank-${i + 1}`}>{i + 1}</span>
              <button type="button" onClick={() => open(c)}>
                {c.resName}
              </button>
              <span className="xt-rank-views">
                <FireOutlined /> {c.viewCnt ?? 0}
              </span>
            </li>
          ))}
        </ol>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无排行" />
      )}
    </div>
  );
}

export function StudyStars() {
  const q = useQuery({ queryKey: ['portal', 'stars'], queryFn: getStudyStars, retry: false, enabled: features.courses });
  const items = Array.isArray(q.data) ? q.data : [];
  return (
    <div className="xt-side-card" data-testid="study-stars">
      <div className="xt-side-title">学习之星</div>
      {!features.courses ? (
        <ComingSoon testId="stars-coming-soon" />
      ) : q.isLoading ? (
        <Skeleton active avatar />
      ) : items.length ? (
        <ul className="xt-stars">
          {items.map((s) => (
            <li key={`${s.chnName}-${s.orgName}`}>
              <Avatar src={s.headImg}>{s.chnName.slice(0, 1)}</Avatar>
              <div>
                <div>{s.chnName}</div>
                <small>{s.orgName}</small>
              </div>
              <span>{s.studyHoursStr}</span>
            </li>
          ))}
        </ul>
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无数据" />
      )}
    </div>
  );
}
