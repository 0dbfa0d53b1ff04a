import { describe, expect, it } from 'vitest';
import { catalogueQuery, dirTabs } from './catalogue';

const dirs = [
  { dCode: 'D1', dName: '通用课程', dNo: '0001', dpNo: '00' },
  { dCode: 'D2', dName: '新员工入职', dNo: '0003', dpNo: '00' },
];

describe('catalogue state', () => {
  it('reads dcode, dno, keyword and page from the URL', () => {
    expect(catalogueQuery(new URLSearchParams('dcode=D1&dno=0001&keyword=安全&page=3'))).toEqual({
      dcode: 'D1',
      dno: '0001',
      keyword: '安全',
      page: 3,
    });
    expect(catalogueQuery(new URLSearchParams('page=-2')).page).toBe(1);
  });
  it('puts 全部 first and selects the tab of the URL’s directory, by code or number', () => {
    const q = catalogueQuery(new URLSearchParams(''));
    expect(dirTabs(dirs, q).items.map((t) => t.label)).toEqual(['全部', '通用课程', '新员工入职']);
    expect(dirTabs(dirs, q).active).toBe('all');
    expect(dirTabs(dirs, catalogueQuery(new URLSearchParams('dcode=D2'))).active).toBe('D2');
    expect(dirTabs(dirs, catalogueQuery(new URLSearchParams('dno=0001'))).active).toBe('D1');
  });
  it('a sub-directory from the URL gets its own tab', () => {
    const t = dirTabs(dirs, catalogueQuery(new URLSearchParams('dno=0002')));
    expect(t.active).toBe('current');
    expect(t.items.at(-1)).toMatchObject({ label: '当前目录', dNo: '0002' });
  });
});
