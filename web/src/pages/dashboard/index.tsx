import { SysRole } from '@xuetu/contract';
import { lazy } from 'react';
import { useSearchParams } from 'react-router';
import { AntIsland } from '../../app/AntIsland';
import { useSession } from '../../app/store/session';
import { LeanCard } from '../../components/LeanCard';
import { OnApproach } from '../../components/OnApproach';
import { UserAvatar } from '../../components/UserAvatar';
import { CountCards } from './CountCards';
import { useImgExamRedirect } from './ExamPanel';
import { CarouselAndNotices, useFirstPanelsSettled } from './FirstPanels';
import './dashboard.css';

export const PLATFORM_NAME = '学途平台';

// the panels below the first screen, drawn with antd: loaded as the learner scrolls towards them
// (ADR 0050: on a phone, antd's code and styles are most of a page's main-thread work)
const BelowPanels = lazy(() => import('./BelowPanels'));
/** their height before they render (a phone's, one column): nothing jumps as they arrive */
const BELOW_HEIGHT_PX = 2900;
/**
 * how near the screen they start to load: less than the other waiting parts (APPROACH_MARGIN), so
 * that a phone's first screen (its carousel and notices reach about 1,200 px down) loads no antd
 * until the learner scrolls
 */
const BELOW_MARGIN = '0px 0px 150px 0px';

/**
 * The dashboard. Its first screen (welcome, count cards, carousel, notices) is drawn without antd
 * (ADR 0050), so a phone paints it before antd has loaded.
 */
export default function DashboardPage() {
  const user = useSession((s) => s.userInfo);
  const sysRoles = useSession((s) => s.sysRoles);
  // platform staff belong to the platform, not to a client company
  const platform = sysRoles.includes(SysRole.PlatformAdmin) || sysRoles.includes(SysRole.PlatformOperator);
  const dash = (v?: string) => v || (platform ? PLATFORM_NAME : '—');
  // spec: on creation the dashboard checks for a pending must-complete exam
  useImgExamRedirect();
  // exam messages link to /dashboard?tab=exam: the study and exam panel, at once
  const [params] = useSearchParams();
  // what waits below is placed once the first screen has its full height (not its skeletons')
  const settled = useFirstPanelsSettled();
  const below = (
    <AntIsland fallback={<div style={{ minHeight: BELOW_HEIGHT_PX }} />}>
      <BelowPanels />
    </AntIsland>
  );
  const facts = [
    { key: 'company', label: '公司', value: dash(user?.comPanyName || user?.company) },
    { key: 'org', label: '部门', value: dash(user?.orgname || user?.orgName) },
    { key: 'post', label: '岗位', value: dash(user?.postname || user?.postName) },
  ];
  return (
    <div data-testid="dashboard" className="xt-dashboard">
      <LeanCard testId="welcome-card">
        <div className="xt-welcome">
          <UserAvatar size={64} />
          <div className="xt-welcome-text">
            {/* the page's h1 is its (visually hidden) title: the welcome is the next level (heading order) */}
            <h2 className="xt-welcome-title">欢迎回来，{user?.name || user?.chnName}</h2>
            <dl className="xt-welcome-facts">
              {facts.map((f) => (
                <div key={f.key}>
                  <dt>{f.label}</dt>
                  <dd>{f.value}</dd>
                </div>
              ))}
            </dl>
          </div>
        </div>
      </LeanCard>
      <CountCards />
      <CarouselAndNotices />
      {params.get('tab') ? (
        below
      ) : settled ? (
        <OnApproach minHeight={BELOW_HEIGHT_PX} testId="dashboard-waiting-below" margin={BELOW_MARGIN}>
          {below}
        </OnApproach>
      ) : (
        <div style={{ minHeight: BELOW_HEIGHT_PX }} data-lazy="pending" aria-hidden="true" />
      )}
    </div>
  );
}
