import FireOutlined from '@ant-design/icons/es/icons/FireOutlined';
import TrophyOutlined from '@ant-design/icons/es/icons/TrophyOutlined';
import { useQuery } from '@tanstack/react-query';
import { RANKING_LIMIT, studyTimeText } from '@xuetu/contract';
import { Avatar, Empty, Skeleton } from 'antd';
import { getRankingList, getStudyStars } from '../../../api/portal';
import { portalKeys } from '../../../api/portal.keys';
import { useOpenCourse } from './openCourse';

// Course ranking and study stars of /home (also shown on the learner dashboard).

export function Rankings({ onNeedLogin }: { onNeedLogin?: () => void }) {
  const { open, dialog } = useOpenCourse(onNeedLogin);
  const q = useQuery({
    queryKey: portalKeys.ranking,
    queryFn: () => getRankingList(RANKING_LIMIT),
    retry: false,
  });
  const items = Array.isArray(q.data) ? q.data : [];
  return (
    <div className="xt-side-card" data-testid="course-ranking">
      <div className="xt-side-title">
        <TrophyOutlined /> 课程排行
      </div>
      {dialog}
      {q.isLoading ? (
        <Skeleton active />
      ) : items.length ? (
        <ol className="xt-ranking" data-testid="ranking-list">
          {items.map((c, i) => (
            <li key={c.resCode}>
              <span className={`xt-rank xt-rank-${i + 1}`}>{i + 1}</span>
              <button type="button" onClick={() => open(c)}>
                {c.resName}
              </button>
              <span className="xt-rank-views" title="近 30 天学习时长">
                <FireOutlined /> {studyTimeText(c.studySeconds ?? 0)}
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
  const q = useQuery({ queryKey: portalKeys.stars, queryFn: getStudyStars, retry: false });
  const items = Array.isArray(q.data) ? q.data : [];
  return (
    <div className="xt-side-card" data-testid="study-stars">
      <div className="xt-side-title">学习之星</div>
      {q.isLoading ? (
        <Skeleton active avatar />
      ) : items.length ? (
        <ul className="xt-stars" data-testid="star-list">
          {items.map((s) => (
            <li key={`${s.chnName}-${s.orgName}`}>
              <Avatar src={s.headImg || undefined} alt={s.chnName}>
                {s.chnName.slice(0, 1)}
              </Avatar>
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
