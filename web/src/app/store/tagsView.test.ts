import { beforeEach, describe, expect, it } from 'vitest';
import { useTagsView } from './tagsView';

const dashboard = { path: '/dashboard', fullPath: '/dashboard', title: '首页', affix: true };
const users = { path: '/ydUser/index', fullPath: '/ydUser/index', title: '用户管理' };
const org = { path: '/ydUser/org', fullPath: '/ydUser/org', title: '组织架构' };
const post = { path: '/ydUser/post', fullPath: '/ydUser/post?x=1', title: '岗位管理' };

const paths = () => useTagsView.getState().visitedViews.map((v) => v.path);

describe('tags view store', () => {
  beforeEach(() => {
    useTagsView.getState().clearViews();
    const { addView } = useTagsView.getState();
    for (const v of [users, dashboard, org, post]) addView(v);
  });

  it('adds each page once, affixed tabs first, and updates the query of a revisited page', () => {
    expect(paths()).toEqual(['/dashboard', '/ydUser/index', '/ydUser/org', '/ydUser/post']);
    useTagsView.getState().addView({ ...users, fullPath: '/ydUser/index?page=2' });
    expect(paths()).toHaveLength(4);
    expect(useTagsView.getState().visitedViews[1].fullPath).toBe('/ydUser/index?page=2');
  });

  it('close removes one tab but never an affixed one', () => {
    expect(
      useTagsView
        .getState()
        .delView('/ydUser/org')
        .map((v) => v.path),
    ).toEqual(['/dashboard', '/ydUser/index', '/ydUser/post']);
    useTagsView.getState().delView('/dashboard');
    expect(paths()).toContain('/dashboard');
  });

  it('close others keeps the chosen tab and the affixed ones', () => {
    useTagsView.getState().delOthersViews('/ydUser/org');
    expect(paths()).toEqual(['/dashboard', '/ydUser/org']);
  });

  it('close all keeps the affixed tabs', () => {
    expect(useTagsView.getState().delAllViews()).toEqual([dashboard]);
    expect(paths()).toEqual(['/dashboard']);
  });

  it('clearViews (logout) forgets every tab', () => {
    useTagsView.getState().clearViews();
    expect(paths()).toEqual([]);
  });
});
