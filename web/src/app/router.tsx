import { Suspense, useMemo } from 'react';
import { Navigate, type RouteObject, useRoutes } from 'react-router';
import { PageLoading } from '../components/PageLoading';
import Page401 from '../pages/error/Page401';
import Page404 from '../pages/error/Page404';
import Page502 from '../pages/error/Page502';
import RedirectPage from '../pages/redirect';
import AuthRedirect from '../pages/redirect/AuthRedirect';
import { type PageComponent, standalonePages } from '../pages/registry';
import Layout from './layout/Layout';
import { type PageMeta, PageMetaContext } from './pageMeta';
import { type LayoutRoute, useLayoutRoutes } from './routeTable';

export function PageFrame({ meta, component: Component }: { meta: PageMeta; component: PageComponent }) {
  return (
    <PageMetaContext.Provider value={meta}>
      <Suspense fallback={<PageLoading />}>
        <Component />
      </Suspense>
    </PageMetaContext.Provider>
  );
}

export function buildRoutes(layoutRoutes: readonly LayoutRoute[]): RouteObject[] {
  return [
    { path: '/', element: <Navigate to="/home" replace /> },
    ...Object.entries(standalonePages).map(([path, { title, page }]) => ({
      path,
      element: <PageFrame meta={{ path, title }} component={page} />,
    })),
    { path: '/auth-redirect', element: <AuthRedirect /> },
    { path: '/401', element: <Page401 /> },
    { path: '/404', element: <Page404 /> },
    { path: '/502', element: <Page502 /> },
    {
      element: <Layout />,
      children: [
        { path: '/redirect/*', element: <RedirectPage /> },
        ...layoutRoutes.map(({ component, ...meta }) => ({
          path: meta.path,
          element: <PageFrame meta={meta} component={component} />,
        })),
      ],
    },
    { path: '*', element: <Navigate to="/404" replace /> },
  ];
}

/** Routes rebuilt whenever the session's menu or roles change. */
export function AppRoutes() {
  const layoutRoutes = useLayoutRoutes();
  const routes = useMemo(() => buildRoutes(layoutRoutes), [layoutRoutes]);
  return useRoutes(routes);
}
