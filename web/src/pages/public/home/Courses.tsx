import {
  type CourseCardView as CourseCard,
  DEFAULT_DIR_NO,
  HOT_RES_TOP,
  learnstatsApi,
  type IndexResDir as ResDir,
  resDirApi,
} from '@xuetu/contract';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useCall } from '../../../api/hooks';
import { useIsLoggedIn } from '../../../app/store/session';
import { LeanEmpty, LeanSkeleton } from '../../../components/LeanCard';
import { LightTabs } from '../../../components/LightTabs';
import { sizedUrl } from '../../../components/responsiveImage';
import { useOpenCourse } from './openCourse';

// the side lists live in their own module: the dashboard shows them without the tabs above
export { Rankings, StudyStars } from './SideLists';

// Course showcase: hot courses by category, rankings, study stars (data from the courses module).

const ALL_DIR: ResDir = { dCode: '', dName: '全部', dNo: DEFAULT_DIR_NO, dpNo: '' };

function CourseGrid({ items, loading, onNeedLogin }: { items: CourseCard[] | undefined; loading: boolean; onNeedLogin?: () => void }) {
  const { open, dialog } = useOpenCourse(onNeedLogin);
  if (loading) return <LeanSkeleton />;
  if (!items?.length)
    return (
      <div data-testid="courses-empty">
        <LeanEmpty description="暂无课程" />
      </div>
    );
  return (
    <div className="xt-course-grid" data-testid="hot-course-list">
      {dialog}
      {items.map((c) => (
        <button type="button" key={c.resCode} className="xt-course-card" onClick={() => open(c)} data-testid="hot-course">
          <div className="xt-course-cover" style={c.cover ? { backgroundImage: `url("${sizedUrl(c.cover, 640)}")` } : undefined} />
          <div className="xt-course-name">{c.resName}</div>
          <div className="xt-course-intro">{c.introduce}</div>
          <div className="xt-course-views">{c.viewCnt ?? 0} 人学习</div>
        </button>
      ))}
    </div>
  );
}

export function HotCourses({ onNeedLogin }: { onNeedLogin: (target?: string) => void }) {
  const navigate = useNavigate();
  const loggedIn = useIsLoggedIn();
  // quiet: a missing showcase shows its empty state
  const dirs = useCall(resDirApi.getIndexResDirList, {}, { retry: false, config: { silent: true } });
  const [dir, setDir] = useState<ResDir>(ALL_DIR);
  const hot = useCall(learnstatsApi.indexHotRes, { dCode: dir.dCode, top: HOT_RES_TOP }, { retry: false, config: { silent: true } });
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
      <CourseGrid items={Array.isArray(hot.data) ? hot.data : undefined} loading={hot.isLoading} onNeedLogin={() => onNeedLogin()} />
    </div>
  );
}
