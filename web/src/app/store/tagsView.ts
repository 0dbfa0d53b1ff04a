import { create } from 'zustand';

export interface TagView {
  /** pathname, the tab's identity */
  path: string;
  /** pathname + search, where the tab navigates */
  fullPath: string;
  title: string;
  /** pinned: survives close-others and close-all */
  affix?: boolean;
}

interface TagsViewState {
  visitedViews: TagView[];
  addView(view: TagView): void;
  /** Removes one tab (affixed tabs cannot be closed); answers the remaining tabs. */
  delView(path: string): TagView[];
  /** Keeps the affixed tabs and `path`. */
  delOthersViews(path: string): TagView[];
  /** Keeps only the affixed tabs. */
  delAllViews(): TagView[];
  /** Forgets every tab, affixed ones too (logout). */
  clearViews(): void;
}

export const useTagsView = create<TagsViewState>((set, get) => ({
  visitedViews: [],
  addView(view) {
    const views = get().visitedViews;
    const at = views.findIndex((v) => v.path === view.path);
    if (at >= 0) {
      const old = views[at];
      if (old.fullPath === view.fullPath && old.title === view.title) return;
      const next = views.slice();
      next[at] = { ...old, fullPath: view.fullPath, title: view.title || old.title };
      set({ visitedViews: next });
      return;
    }
    // affixed tabs stay in front
    const next = view.affix ? [...views.filter((v) => v.affix), view, ...views.filter((v) => !v.affix)] : [...views, view];
    set({ visitedViews: next });
  },
  delView(path) {
    const next = get().visitedViews.filter((v) => v.path !== path || v.affix);
    set({ visitedViews: next });
    return next;
  },
  delOthersViews(path) {
    const next = get().visitedViews.filter((v) => v.affix || v.path === path);
    set({ visitedViews: next });
    return next;
  },
  delAllViews() {
    const next = get().visitedViews.filter((v) => v.affix);
    set({ visitedViews: next });
    return next;
  },
  clearViews() {
    set({ visitedViews: [] });
  },
}));
