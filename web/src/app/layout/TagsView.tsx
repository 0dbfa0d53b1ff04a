import CloseOutlined from '@ant-design/icons/es/icons/CloseOutlined';
import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { type LeanMenuItem, MenuPopup } from '../../components/LeanMenu';
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

  // the context menu (right click, or the context-menu key / Shift+F10 on a tab): which tab, where
  const [menu, setMenu] = useState<{ view: TagView; x: number; y: number; from: HTMLElement } | null>(null);

  const onMenu = (view: TagView, key: string) => {
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

  const menuItems = (view: TagView): LeanMenuItem[] => [
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
            <span
              key={view.path}
              role="link"
              tabIndex={0}
              className={`xt-tag${isActive ? ' is-active' : ''}`}
              data-testid="tags-view-item"
              data-path={view.path}
              data-active={isActive ? 'true' : 'false'}
              aria-current={isActive ? 'page' : undefined}
              onClick={() => navigate(view.fullPath)}
              onKeyDown={(e) => e.key === 'Enter' && navigate(view.fullPath)}
              onContextMenu={(e) => {
                e.preventDefault();
                const at = e.currentTarget.getBoundingClientRect();
                // from the keyboard the event has no pointer position: under the tab
                const x = e.clientX || at.left;
                const y = e.clientY || at.bottom;
                setMenu({ view, x, y, from: e.currentTarget });
              }}
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
          );
        })}
      </div>
      {menu && (
        <MenuPopup
          items={menuItems(menu.view)}
          label={`${menu.view.title} 标签`}
          style={{ left: menu.x, top: menu.y }}
          onSelect={(key) => onMenu(menu.view, key)}
          onClose={(refocus) => {
            if (refocus && menu.from.isConnected) menu.from.focus();
            setMenu(null);
          }}
        />
      )}
    </div>
  );
}
