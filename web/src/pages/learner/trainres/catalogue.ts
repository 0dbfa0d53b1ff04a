import type { IndexResDir as ResDir } from '@xuetu/contract';

export interface CatalogueQuery {
  dcode: string;
  dno: string;
  keyword: string;
  page: number;
}

/** The catalogue's state lives in the URL (dcode, dno from /home's 'More'; keyword, page). */
export function catalogueQuery(params: URLSearchParams): CatalogueQuery {
  const page = Number(params.get('page'));
  return {
    dcode: params.get('dcode') ?? '',
    dno: params.get('dno') ?? '',
    keyword: params.get('keyword') ?? '',
    page: Number.isInteger(page) && page > 0 ? page : 1,
  };
}

export interface DirTab {
  key: string;
  label: string;
  dCode: string;
  dNo: string;
}

/**
 * Tabs: 全部 first, then the top-level directories. A directory in the URL that is not a tab
 * (a sub-directory) gets its own tab so the page says what it shows.
 */
export function dirTabs(dirs: ResDir[], q: CatalogueQuery): { items: DirTab[]; active: string } {
  const items: DirTab[] = [
    { key: 'all', label: '全部', dCode: '', dNo: '' },
    ...dirs.filter((d) => d.dCode).map((d) => ({ key: d.dCode, label: d.dName, dCode: d.dCode, dNo: d.dNo })),
  ];
  if (!q.dcode && !q.dno) return { items, active: 'all' };
  const hit = items.find((t) => t.key !== 'all' && ((q.dcode && t.dCode === q.dcode) || (!q.dcode && q.dno && t.dNo === q.dno)));
  if (hit) return { items, active: hit.key };
  items.push({ key: 'current', label: '当前目录', dCode: q.dcode, dNo: q.dno });
  return { items, active: 'current' };
}
