import { SIDEBAR_WIDTH_PX } from '@xuetu/contract';
import { lazy, useEffect, useState } from 'react';
import { Outlet, useLocation } from 'react-router';
import { PageLoading } from '../../components/PageLoading';
import { isLeanPage, preloadPage } from '../../pages/registry';
import { AntIsland, preloadAntScope } from '../AntIsland';
import { findLayoutRoute, useLayoutRoutes } from '../routeTable';
import { isMobileWidth, useAppStore } from '../store/app';
import { useSettings } from '../store/settings';
import { useUserDialogs } from '../userDialogs';
import { Navbar } from './Navbar';
import { Sidebar } from './Sidebar';
import { TagsView, useTrackVisitedViews } from './TagsView';
import { UserDialogs } from './UserDialogs';
import './layout.css';

// the layout settings (colour picker, switches) load when first opened, not with every page
const SettingsDrawer = lazy(() => import('./SettingsDrawer').then((m) => ({ default: m.SettingsDrawer })));
// a phone's sidebar drawer: loaded when first opened, not with every page (issue 15)
const Drawer = lazy(() => import('antd/es/drawer'));

export const COLLAPSED_WIDTH_PX = 54;

/** spec: widths under 992 px are mobile; the sidebar closes (and becomes a drawer). */
function useResponsive() {
  const setDevice = useAppStore((s) => s.setDevice);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const restoreSidebar = useAppStore((s) => s.restoreSidebar);
  useEffect(() => {
    const apply = () => {
      // a window being measured (0 wide) says nothing about the device
      if (!window.innerWidth) return;
      const mobile = isMobileWidth(window.innerWidth);
      const was = useAppStore.getState().device;
      setDevice(mobile ? 'mobile' : 'desktop');
      // the phone's drawer closes; back at a desktop's width the sidebar is as the user left it
      if (mobile) closeSidebar();
      else if (was === 'mobile') restoreSidebar();
    };
    // the store starts with the width at load (store/app.ts); the check at mount waits for the next
    // frame: reading the width forces the page's first style and layout, which inside this effect
    // made the first render one long task on a phone (issue 23 item 11)
    const frame = requestAnimationFrame(apply);
    window.addEventListener('resize', apply);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener('resize', apply);
    };
  }, [setDevice, closeSidebar, restoreSidebar]);
}

/**
 * The page: a lean one (ADR 0050) as it is, any other inside antd's configuration and <App>, whose
 * chunk loads together with the page's.
 */
function Page() {
  const routes = useLayoutRoutes();
  const { pathname } = useLocation();
  const route = findLayoutRoute(routes, pathname);
  if (route && isLeanPage(route.component)) return <Outlet />;
  // both chunks at once, not the page's after antd's (a render may run twice: both are loaded once)
  void preloadAntScope();
  if (route) preloadPage(route.component);
  return (
    <AntIsland fallback={<PageLoading />}>
      <Outlet />
    </AntIsland>
  );
}

/**
 * The admin and learner shell: sidebar, header (navbar and tabs) and the page. Drawn without antd
 * (ADR 0050): the sidebar's menu, the phone's drawer, the settings drawer and the user dialogs
 * load antd when they are first shown (AntIsland), so a lean page paints without it.
 */
export default function Layout() {
  useResponsive();
  useTrackVisitedViews();
  const { pathname } = useLocation();
  const device = useAppStore((s) => s.device);
  const opened = useAppStore((s) => s.sidebarOpened);
  // mounted from the first opening on, so that closing still animates
  const settingsOpen = useAppStore((s) => s.settingsOpen);
  const [settingsWanted, setSettingsWanted] = useState(false);
  if (settingsOpen && !settingsWanted) setSettingsWanted(true);
  const closeSidebar = useAppStore((s) => s.closeSidebar);
  const mobile = device === 'mobile';
  const [drawerWanted, setDrawerWanted] = useState(false);
  if (mobile && opened && !drawerWanted) setDrawerWanted(true);
  const tagsView = useSettings((s) => s.tagsView);
  const fixedHeader = useSettings((s) => s.fixedHeader);
  const dialogOpen = useUserDialogs((s) => s.open !== null);

  // on a phone the drawer closes after navigating
  // biome-ignore lint/correctness/useExhaustiveDependencies: runs on every navigation by design
  useEffect(() => {
    if (useAppStore.getState().device === 'mobile') closeSidebar();
  }, [pathname, closeSidebar]);

  const width = opened ? SIDEBAR_WIDTH_PX : COLLAPSED_WIDTH_PX;
  return (
    <div className={`xt-layout${mobile ? ' is-mobile' : ''}`} data-testid="layout" data-device={device}>
      {mobile ? (
        drawerWanted && (
          <AntIsland>
            <Drawer
              placement="left"
              open={opened}
              onClose={closeSidebar}
              size={SIDEBAR_WIDTH_PX}
              closable={false}
              styles={{ body: { padding: 0, background: '#001529' } }}
            >
              <Sidebar collapsed={false} inAntd />
            </Drawer>
          </AntIsland>
        )
      ) : (
        <aside className={`xt-sider${opened ? '' : ' is-collapsed'}`} style={{ width, flexBasis: width }}>
          <Sidebar collapsed={!opened} />
        </aside>
      )}
      <div className="xt-main">
        <header className={`xt-header${fixedHeader ? ' is-fixed' : ''}`} data-testid="header">
          <Navbar />
          {tagsView && <TagsView />}
        </header>
        <main className="xt-content" data-testid="app-main">
          <Page />
        </main>
      </div>
      {settingsWanted && (
        <AntIsland>
          <SettingsDrawer />
        </AntIsland>
      )}
      {dialogOpen && (
        <AntIsland>
          <UserDialogs />
        </AntIsland>
      )}
    </div>
  );
}
