import { createContext, useContext } from 'react';

export interface PageMeta {
  /** the route path (menu view url) */
  path: string;
  /** menu name or registry title */
  title: string;
  affix?: boolean;
  hidden?: boolean;
  /** breadcrumb: names of the groups above the page */
  trail?: string[];
}

export const PageMetaContext = createContext<PageMeta>({ path: '', title: '' });

/** Title and path of the page being shown (from the menu entry or the registry). */
export const usePageMeta = () => useContext(PageMetaContext);
