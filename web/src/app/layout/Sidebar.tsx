import { lazy, Suspense } from 'react';
import { UserAvatar } from '../../components/UserAvatar';
import { AntIsland } from '../AntIsland';
import { useSession } from '../store/session';
import { useSettings } from '../store/settings';
import { Logo } from './Logo';

// antd's Menu, with antd, after the page has painted (ADR 0050)
const SidebarMenu = lazy(() => import('./SidebarMenu'));

/**
 * Logo, the user's avatar, name and post, and the menu. `inAntd`: already inside antd's
 * configuration (the phone's drawer), so the menu needs no scope of its own.
 */
export function Sidebar({ collapsed, onNavigate, inAntd = false }: { collapsed: boolean; onNavigate?: () => void; inAntd?: boolean }) {
  const user = useSession((s) => s.userInfo);
  const showLogo = useSettings((s) => s.sidebarLogo);
  const menu = <SidebarMenu collapsed={collapsed} onNavigate={onNavigate} />;
  return (
    <div className="xt-sidebar" data-testid="sidebar">
      {showLogo && <Logo collapsed={collapsed} />}
      <div className={`xt-sidebar-user${collapsed ? ' is-collapsed' : ''}`} data-testid="sidebar-user">
        <UserAvatar size={collapsed ? 32 : 56} />
        {!collapsed && (
          <>
            <div className="xt-sidebar-user-name">{user?.name || user?.chnName}</div>
            {(user?.postname || user?.postName) && <div className="xt-sidebar-user-post">{user?.postname || user?.postName}</div>}
          </>
        )}
      </div>
      {inAntd ? <Suspense fallback={null}>{menu}</Suspense> : <AntIsland>{menu}</AntIsland>}
    </div>
  );
}
