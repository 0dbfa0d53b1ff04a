import { CloseOutlined } from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { findLayoutRoute, useLayoutRoutes } from '../routeTable';
import { type TagView, useTagsView } from '../store/tagsView';

/** Keeps the visited-pages tabs in step with navigation. Runs even when the tabs are hidden. */
export function useTrackVisitedViews() {
  const routes = useLayoutRoutes();
  const { pathname, search } = useLocation();
  const addView = useTagsView((s) => s.addView);
  useEffect(() => {
    for (const r of routes) if (r.affix) addView({ path: r.path, fullPath: r.path, title: r.title, affix: true });
  }, [routes, addView]);
  useEffect(() => {
    const r = findLayoutRoute(routes, pathname);
    if (r) addView({ path: r.path, fullPath: `${pathname}${search}`, title: r.title, affix: r.affix });
  }, [routes, pathname, search, addView]);
}

export function TagsView() {
  const views = useTagsView((s) => s.visitedViews);
  const { delView, delOthersViews, delAllViews } = useTagsView.getState();
  const routes = useLayoutRoutes();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const active = findLayoutRoute(routes, pathname)?.path;

  const toLast = (left: TagView[]) => navigate(left.length ? left[left.length - 1].fullPath : '/dashboard');

  const close = (view: TagView) => {
    const left = delView(view.path);
    if (view.path === active) toLast(left);
  };

  const onMenu =
    (view: TagView): MenuProps['onClick'] =>
    ({ key, domEvent }) => {
      domEvent.stopPropagation();
      if (key === 'refresh') navigate(`/redirect${view.fullPath}`, { replace: true });
      else if (key === 'close') close(view);
      else if (key === 'closeOthers') {
        delOthersViews(view.path);
        if (view.path !== active) navigate(view.fullPath);
      } else if (key === 'closeAll') {
        const left = delAllViews();
        if (!left.some((v) => v.path === active)) toLast(left);
      }
    };

  const menuItems = (view: TagView): MenuProps['items'] => [
    { key: 'refresh', label: <span data-testid="tags-menu-refresh">刷新</span> },
    { key: 'close', label: <span data-testid="tags-menu-close">关闭</span>, disabled: !!view.affix },
    { key: 'closeOthers', label: <span data-testid="tags-menu-close-others">关闭其他</span> },
    { key: 'closeAll', label: <span data-testid="tags-menu-close-all">关闭所有</span> },
  ];

  return (
    <div className="xt-tags-view" data-testid="tags-view">
      <div className="xt-tags-scroll">
        {views.map((view) => {
          const isActive = view.path === active;
          return (
            <Dropdown key={view.path} trigger={['contextMenu']} menu={{ items: menuItems(view), onClick: onMenu(view) }}>
              <span
                role="link"
                tabIndex={0}
                className={`xt-tag${isActive ? ' is-active' : ''}`}
                data-testid="tags-view-item"
                data-path={view.path}
                data-active={isActive ? 'true' : 'false'}
                onClick={() => navigate(view.fullPath)}
                onKeyDown={(e) => e.key === 'Enter' && navigate(view.fullPath)}
              >
                {view.title}
                {!view.affix && (
                  <CloseOutlined
                    className="xt-tag-close"
                    data-testid="tags-view-close"
                    aria-label={`关闭 ${view.title}`}
                    onClick={(e) => {
                      e.stopPropagation();
                      close(view);
                    }}
                  />
                )}
              </span>
            </Dropdown>
          );
        })}
      </div>
    </div>
  );
}
