import { IMPORT_COLUMNS, IMPORT_COMPANY_COLUMN } from '@xuetu/contract';
import ExcelJS from 'exceljs';

/**
 * The import templates served at /Download/FileTemplate/*.xlsx (written into web/public by
 * `write-templates.ts`): a header row the import reads, one example row and a notes sheet.
 */
export async function buildImportTemplate(withCompany: boolean): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = '学途';
  wb.created = new Date('2026-01-01T00:00:00Z');
  wb.modified = wb.created;
  const sheet = wb.addWorksheet('学员');
  const headers = [...(withCompany ? [IMPORT_COMPANY_COLUMN] : []), ...IMPORT_COLUMNS];
  sheet.columns = headers.map((h) => ({
    header: h,
    key: h,
    width: h === '身份证号' ? 22 : h === '部门' ? 24 : 14,
    style: { numFmt: '@' },
  }));
  const head = sheet.getRow(1);
  head.font = { bold: true };
  head.eachCell((cell) => {
    cell.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFD9ECFF' } };
  });
  sheet.addRow({
    ...(withCompany ? { [IMPORT_COMPANY_COLUMN]: 'YSKJ' } : {}),
    姓名: '张三',
    身份证号: '11010519900307123X',
    手机号: '13700000001',
    部门: '技术研发部/前端组',
    岗位: '前端工程师',
    兼职岗位: '',
    有效期: '2027-12-31',
  });
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const notes = wb.addWorksheet('填写说明');
  notes.columns = [{ width: 90 }];
  for (const line of [
    '1. 姓名、身份证号、手机号必填；身份证号、手机号请设置为“文本”格式。',
    '2. 部门填写名称，同名部门请写完整路径，用 / 分隔，如：技术研发部/前端组。',
    '3. 岗位、兼职岗位填写已有岗位名称；有效期格式 yyyy-MM-dd，可留空。',
    '4. 已存在的身份证号会更新该学员的信息，不会重复新增。',
    '5. 先“数据检查”，全部通过后再“导入”；任意一行有错误时不会导入任何数据。',
    ...(withCompany ? ['6. 公司编码填写公司管理中的公司编码。'] : []),
    '请删除示例行后再填写。',
  ])
    notes.addRow([line]);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
