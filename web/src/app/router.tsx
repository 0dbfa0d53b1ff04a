import { lazy, type ReactNode, Suspense, useMemo } from 'react';
import { Navigate, type RouteObject, useLocation, useRoutes } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import RedirectPage from '../pages/redirect';
import AuthRedirect from '../pages/redirect/AuthRedirect';
import { menuPages, outsideLayout, type PageComponent, standalonePages } from '../pages/registry';
import { normalisePath } from './guard';
import { type PageMeta, PageMetaContext } from './pageMeta';
import { type LayoutRoute, useLayoutRoutes } from './routeTable';

// the admin/learner shell (sidebar, tabs, menu icons, user dialogs) is its own chunk: the public
// portal and the login page never load it
const Layout = lazy(() => import('./layout/Layout'));
// error pages (antd Result and its pictures) only when one is shown
const Page401 = outsideLayout(() => import('../pages/error/Page401'));
const Page404 = outsideLayout(() => import('../pages/error/Page404'));
const Page502 = outsideLayout(() => import('../pages/error/Page502'));

/** A full-screen lazy piece with the loading placeholder while its chunk arrives. */
const shell = (element: ReactNode) => <Suspense fallback={<PageLoading fullscreen />}>{element}</Suspense>;

export function PageFrame({ meta, component: Component }: { meta: PageMeta; component: PageComponent }) {
  return (
    <PageMetaContext.Provider value={meta}>
      {/* every page's one h1: its title, for screen readers (the tabs and breadcrumb show it) */}
      <h1 className="xt-visually-hidden">{meta.title}</h1>
      <Suspense fallback={<PageLoading />}>
        <Component />
      </Suspense>
    </PageMetaContext.Provider>
  );
}

/** spec: / redirects to /home, keeping the query (`/?ticket=…` signs in on /home). */
export function RootRedirect() {
  const { search } = useLocation();
  return <Navigate to={`/home${search}`} replace />;
}

const MENU_PAGE_PATHS = new Set(Object.keys(menuPages).map((p) => p.toLowerCase()));

/**
 * A path no route of this user matches: a page of the product the user's menu does not grant
 * (a learner typing an admin URL) is the permission-denied page; anything else is 404.
 */
export function UnknownPath() {
  const { pathname } = useLocation();
  const known = MENU_PAGE_PATHS.has(normalisePath(pathname).toLowerCase());
  return <Navigate to={known ? '/401' : '/404'} replace />;
}

export function buildRoutes(layoutRoutes: readonly LayoutRoute[]): RouteObject[] {
  return [
    { path: '/', element: <RootRedirect /> },
    ...Object.entries(standalonePages).map(([path, { title, page }]) => ({
      path,
      element: <PageFrame meta={{ path, title }} component={page} />,
    })),
    { path: '/auth-redirect', element: <AuthRedirect /> },
    { path: '/401', element: shell(<Page401 />) },
    { path: '/404', element: shell(<Page404 />) },
    { path: '/502', element: shell(<Page502 />) },
    {
      element: shell(<Layout />),
      children: [
        { path: '/redirect/*', element: <RedirectPage /> },
        ...layoutRoutes.map(({ component, ...meta }) => ({
          path: meta.path,
          element: <PageFrame meta={meta} component={component} />,
        })),
      ],
    },
    { path: '*', element: <UnknownPath /> },
  ];
}

/** Routes rebuilt whenever the session's menu or roles change. */
export function AppRoutes() {
  const layoutRoutes = useLayoutRoutes();
  const routes = useMemo(() => buildRoutes(layoutRoutes), [layoutRoutes]);
  return useRoutes(routes);
}
