import FireOutlined from '@ant-design/icons/es/icons/FireOutlined';
import TrophyOutlined from '@ant-design/icons/es/icons/TrophyOutlined';
import { learnstatsApi, RANKING_LIMIT, studyTimeText } from '@xuetu/contract';
import { useState } from 'react';
import { useCall } from '../../../api/hooks';
import { LeanEmpty, LeanSkeleton } from '../../../components/LeanCard';
import { useOpenCourse } from './openCourse';

// Course ranking and study stars of /home (also shown on the learner dashboard). Plain elements,
// no antd: /home draws none on its first load (issue 39 item 2).

/** a learner's round picture, the first character of the name without one (or when it fails) */
function StarAvatar({ src, name }: { src?: string; name: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="xt-avatar" style={{ width: 32, height: 32, fontSize: 14 }}>
      {src && !failed ? <img src={src} alt={name} width={32} height={32} onError={() => setFailed(true)} /> : name.slice(0, 1)}
    </span>
  );
}

export function Rankings({ onNeedLogin }: { onNeedLogin?: () => void }) {
  const { open, dialog } = useOpenCourse(onNeedLogin);
  // quiet: a missing list shows its empty state
  const q = useCall(learnstatsApi.getRankingList, { limit: RANKING_LIMIT }, { retry: false, config: { silent: true } });
  const items = Array.isArray(q.data) ? q.data : [];
  return (
    <div className="xt-side-card" data-testid="course-ranking">
      <div className="xt-side-title">
        <TrophyOutlined /> 课程排行
      </div>
      {dialog}
      {q.isLoading ? (
        <LeanSkeleton />
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
        <LeanEmpty description="暂无排行" />
      )}
    </div>
  );
}

export function StudyStars() {
  const q = useCall(learnstatsApi.getStudyStarList, {}, { retry: false, config: { silent: true } });
  const items = Array.isArray(q.data) ? q.data : [];
  return (
    <div className="xt-side-card" data-testid="study-stars">
      <div className="xt-side-title">学习之星</div>
      {q.isLoading ? (
        <LeanSkeleton />
      ) : items.length ? (
        <ul className="xt-stars" data-testid="star-list">
          {items.map((s) => (
            <li key={`${s.chnName}-${s.orgName}`}>
              <StarAvatar src={s.headImg || undefined} name={s.chnName} />
              <div>
                <div>{s.chnName}</div>
                <small>{s.orgName}</small>
              </div>
              <span>{s.studyHoursStr}</span>
            </li>
          ))}
        </ul>
      ) : (
        <LeanEmpty description="暂无数据" />
      )}
    </div>
  );
}
