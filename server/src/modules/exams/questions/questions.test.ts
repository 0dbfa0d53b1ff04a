import { type PageResult, QUESTION_COLUMNS, type QuestionDirNode, type QuestionImportCheck, type QuestionView } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { QUESTION_DIR as D, QUESTION as Q } from '../../../../test/api-paths.ts';
import { fileAppSignedIn } from '../../../../test/helper.ts';
import { questionSheetRow as row, uploadImportFile, questionWorkbook as workbook } from '../../../../test/uploads.ts';
import { OTHER_COMPANY } from '../../../db/seed/demo.ts';

// Question bank: directories, questions, import/export. Each route: 401 / action / company / bad input / success.

const [t, admin, corp, learner] = await fileAppSignedIn('admin', 'corpadmin', 'learner01');

const single = (extra: Record<string, unknown> = {}) => ({ qType: 1, qName: '单选题干', a: '甲', b: '乙', c: '丙', answer: 'B', ...extra });

async function addDir(name: string, token = corp, extra: Record<string, unknown> = {}) {
  const res = await t.post<{ dirCode: string }>(`${D}/SaveData`, { dirName: name, ...extra }, token);
  expect(res.success, res.msg).toBe(true);
  return res.data.dirCode;
}

async function addQuestion(body: Record<string, unknown>, token = corp) {
  const res = await t.post<{ qCode: string }>(`${Q}/AddData`, body, token);
  expect(res.success, res.msg).toBe(true);
  return res.data.qCode;
}

describe('directories', () => {
  it('no session, learner, bad input', async () => {
    expect((await t.post(`${D}/GetTreeData`, {})).errorCode).toBe(401);
    expect((await t.post(`${D}/SaveData`, { dirName: 'x' }, learner)).errorCode).toBe(403);
    expect((await t.post(`${D}/SaveData`, { dirName: ' ' }, corp)).msg).toBe('请输入目录名称');
  });

  it('builds a tree, refuses moving a directory under itself, and deleting while it holds questions (with the count)', async () => {
    const top = await addDir('安全生产');
    const child = await addDir('消防', corp, { pCode: top });
    await addQuestion(single({ dirCode: child }));
    await addQuestion(single({ dirCode: child, qName: '另一题' }));
    const tree = await t.post<QuestionDirNode[]>(`${D}/GetTreeData`, {}, corp);
    const node = tree.data.find((n) => n.dirCode === top)!;
    expect(node.children.map((c) => [c.dirName, c.qCount])).toEqual([['消防', 2]]);
    expect((await t.post(`${D}/SaveData`, { dirCode: top, dirName: '安全生产', pCode: child }, corp)).msg).toBe(
      '不能把目录移动到它自己或它的下级目录下',
    );
    expect(await t.post(`${D}/DeleteData`, { dirCode: top }, corp)).toMatchObject({
      code: 'EXAM_DIR_HAS_QUESTIONS',
      msg: '该目录（含下级目录）下还有 2 道试题，请先移走或删除试题',
    });
    const empty = await addDir('空目录');
    expect((await t.post(`${D}/DeleteData`, { dirCode: empty }, corp)).success).toBe(true);
  });

  it("another company's directory answers like a missing one", async () => {
    const theirs = await addDir('物流题库', admin, { companySysCode: OTHER_COMPANY.companySysCode });
    const del = await t.post(`${D}/DeleteData`, { dirCode: theirs }, corp);
    expect(del.success).toBe(false);
    expect(del.msg).toBe('目录不存在');
    expect((await t.post(`${Q}/AddData`, single({ dirCode: theirs }), corp)).msg).toBe('目录不存在');
    expect((await t.post<QuestionDirNode[]>(`${D}/GetTreeData`, {}, corp)).data.some((n) => n.dirCode === theirs)).toBe(false);
    // platform staff must name the company they write into
    expect((await t.post(`${D}/SaveData`, { dirName: 'x' }, admin)).success).toBe(false);
  });
});

describe('questions', () => {
  it('no session, learner, bad input', async () => {
    expect((await t.post(`${Q}/GetPageList`, {})).errorCode).toBe(401);
    expect((await t.post(`${Q}/AddData`, single(), learner)).errorCode).toBe(403);
    expect((await t.post(`${Q}/AddData`, single({ qType: 9 }), corp)).success).toBe(false);
    expect(await t.post(`${Q}/AddData`, single({ answer: 'D' }), corp)).toMatchObject({
      code: 'QUESTION_INVALID',
      msg: '答案 D 超出了选项范围（A-C）',
    });
    expect((await t.post(`${Q}/AddData`, single({ b: '', c: '' }), corp)).msg).toBe('选择题至少需要 2 个选项');
    expect((await t.post(`${Q}/AddData`, { qType: 4, qName: '首都是（）', answer: '["北京","x"]' }, corp)).msg).toBe(
      '题干有 1 个空，答案有 2 项，数量应一致',
    );
    expect((await t.post(`${Q}/AddData`, single({ difficulty: 6 }), corp)).msg).toBe('难度应为 1 到 5');
  });

  it('stores every type in the one answer format, sanitises the stem, and reads it back', async () => {
    const codes = {
      multi: await addQuestion({ qType: 2, qName: '多选', a: '1', b: '2', c: '3', d: '4', answer: 'db' }),
      judge: await addQuestion({ qType: 3, qName: '判断', a: '乱填', answer: '正确' }),
      blank: await addQuestion({ qType: 4, qName: '<p>首都是（），成立于___年<script>x()</script></p>', answer: ['北京|北京市', '1949'] }),
      essay: await addQuestion({ qType: 5, qName: '简答', answer: '参考要点', score: 10 }),
    };
    const read = async (qCode: string) => (await t.post<QuestionView>(`${Q}/GetData`, { qCode }, corp)).data;
    expect((await read(codes.multi)).answer).toBe('BD');
    expect(await read(codes.judge)).toMatchObject({ answer: 'A', a: '正确', b: '错误' });
    const blank = await read(codes.blank);
    expect(blank).toMatchObject({ answer: '["北京|北京市","1949"]', blankCount: 2 });
    expect(blank.qName).not.toContain('script');
    expect(await read(codes.essay)).toMatchObject({ answer: '参考要点', score: 10, a: '' });
  });

  it('filters by directory (with sub-directories), type, difficulty and keyword', async () => {
    const top = await addDir('筛选');
    const sub = await addDir('筛选子', corp, { pCode: top });
    await addQuestion(single({ qName: '筛选关键字甲', dirCode: sub, difficulty: 5 }));
    await addQuestion({ qType: 5, qName: '筛选关键字乙', answer: 'x', dirCode: top });
    const page = (body: Record<string, unknown>) => t.post<PageResult<QuestionView>>(`${Q}/GetPageList`, body, corp);
    expect((await page({ dirCode: top })).data.totalCount).toBe(2);
    expect((await page({ dirCode: top, qType: 5 })).data.models.map((m) => m.qName)).toEqual(['筛选关键字乙']);
    expect((await page({ dirCode: top, difficulty: 5 })).data.models[0].dirName).toBe('筛选子');
    expect((await page({ keyword: '关键字甲' })).data.totalCount).toBe(1);
  });

  it('edits and deletes; another company cannot read, edit or delete', async () => {
    const theirs = await addQuestion(single({ companySysCode: OTHER_COMPANY.companySysCode, qName: '物流题' }), admin);
    for (const call of [
      t.post(`${Q}/GetData`, { qCode: theirs }, corp),
      t.post(`${Q}/UpdateData`, single({ qCode: theirs }), corp),
      t.post(`${Q}/Delete`, { qCode: theirs }, corp),
      t.post(`${Q}/BatchDelete`, { qCodes: [theirs] }, corp),
    ])
      expect((await call).msg).toBe('试题不存在');
    expect((await t.post<PageResult<QuestionView>>(`${Q}/GetPageList`, { keyword: '物流题' }, corp)).data.totalCount).toBe(0);
    expect((await t.post<QuestionView>(`${Q}/GetData`, { qCode: theirs }, admin)).data.qName).toBe('物流题');

    const mine = await addQuestion(single({ qName: '将被修改' }));
    expect((await t.post(`${Q}/UpdateData`, single({ qCode: mine, qName: '已修改', answer: 'C' }), corp)).success).toBe(true);
    expect((await t.post<QuestionView>(`${Q}/GetData`, { qCode: mine }, corp)).data).toMatchObject({ qName: '已修改', answer: 'C' });
    const other = await addQuestion(single({ qName: '批量删除' }));
    expect((await t.post(`${Q}/BatchDelete`, { qCodes: [mine, other, theirs] }, corp)).success).toBe(true);
    expect((await t.post(`${Q}/GetData`, { qCode: mine }, corp)).msg).toBe('试题不存在');
    expect((await t.post(`${Q}/BatchDelete`, { qCodes: [] }, corp)).msg).toBe('请选择要删除的试题');
    // the other company's question was not touched
    expect((await t.post(`${Q}/GetData`, { qCode: theirs }, admin)).success).toBe(true);
  });
});

// ---------- import / export ----------

const upload = async (buf: Buffer, token = corp) => (await uploadImportFile(t, buf, 'q.xlsx', token)).data.url;

describe('import', () => {
  it('no session, learner, no file', async () => {
    expect((await t.post(`${Q}/ImportCheck`, { urls: [] })).errorCode).toBe(401);
    expect((await t.post(`${Q}/ImportCheck`, { urls: [] }, learner)).errorCode).toBe(403);
    expect((await t.post(`${Q}/ImportCheck`, { urls: [] }, corp)).success).toBe(false);
  });

  it('the check lists each bad row with row number and column and writes nothing', async () => {
    const url = await upload(
      await workbook([
        row('单选题', '好题一', ['a', 'b'], 'A'),
        row('选择题', '题型不对', ['a', 'b'], 'A'),
        row('单选题', '缺答案', ['a', 'b'], ''),
        row('单选题', '字母越界', ['a', 'b', 'c'], 'E'),
        row('填空题', '两个空（）和___', [], '["x"]'),
        row('单选题', '好题一', ['a', 'b'], 'B'),
        row('判断题', '目录不存在的题', [], 'A', '没有这个目录'),
      ]),
    );
    const before = (await t.post<PageResult<QuestionView>>(`${Q}/GetPageList`, {}, corp)).data.totalCount;
    const res = await t.post<QuestionImportCheck>(`${Q}/ImportCheck`, { urls: [url] }, corp);
    expect(res.success).toBe(true);
    expect(res.msg).toBe('共 7 行数据，6 行有错误，1 行可以导入');
    expect(res.data.errors.map((e) => [e.row, e.column])).toEqual([
      [3, '题型'],
      [4, '答案'],
      [5, '答案'],
      [6, '答案'],
      [7, '题干'],
      [8, '目录'],
    ]);
    expect(res.data.errors.find((e) => e.row === 7)?.message).toBe('与第 2 行的试题重复');
    expect(res.data.errors.find((e) => e.row === 6)?.message).toMatch(/^题干有 2 个空，答案有 1 项，数量应一致；各空之间用 ； 分隔/);
    // the import refuses the whole file with the same list
    const imp = await t.post<QuestionImportCheck>(`${Q}/Import`, { urls: [url] }, corp);
    expect(imp).toMatchObject({ success: false, code: 'QUESTION_IMPORT_INVALID' });
    expect(imp.data.errors).toHaveLength(6);
    expect((await t.post<PageResult<QuestionView>>(`${Q}/GetPageList`, {}, corp)).data.totalCount).toBe(before);
  });

  it('imports a clean file into the chosen directory (or the named one), and the export reads back', async () => {
    const target = await addDir('导入目录');
    const named = await addDir('导入子目录', corp, { pCode: target });
    const url = await upload(
      await workbook([
        row('单选题', '导入单选', ['a', 'b', 'c'], 'c'),
        row('多选题', '导入多选', ['a', 'b', 'c'], 'CA'),
        row('3', '导入判断', [], 'B', '导入目录/导入子目录'),
        row('填空题', '导入填空（）', [], '["答案一|答案1"]'),
        row('简答题', '导入简答', [], '参考'),
      ]),
    );
    expect((await t.post(`${Q}/ImportCheck`, { urls: [url], dirCode: target }, corp)).msg).toBe('数据检查通过，共 5 道试题，可以导入');
    const imp = await t.post<{ count: number }>(`${Q}/Import`, { urls: [url], dirCode: target }, corp);
    expect(imp.msg).toBe('导入成功，共 5 道试题');
    const list = (await t.post<PageResult<QuestionView>>(`${Q}/GetPageList`, { dirCode: target, pageRows: 50 }, corp)).data.models;
    expect(list.map((q) => [q.qName, q.answer, q.dirCode]).sort()).toEqual(
      [
        ['导入单选', 'C', target],
        ['导入判断', 'B', named],
        ['导入多选', 'AC', target],
        ['导入填空（）', '["答案一|答案1"]', target],
        ['导入简答', '参考', target],
      ].sort(),
    );

    const exp = await t.inject({
      method: 'POST',
      url: `/prod-api${Q}/Export`,
      payload: { dirCode: target },
      headers: { ydAuthorization: `Bearer ${corp}` },
    });
    expect(exp.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(exp.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...QUESTION_COLUMNS]);
    expect(sheet.rowCount).toBe(6);
    // an export re-imports as is: the check passes on it
    const again = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect((await t.post(`${Q}/ImportCheck`, { urls: [again] }, corp)).msg).toBe('数据检查通过，共 5 道试题，可以导入');
  });

  it('serves the template with the import columns', async () => {
    expect((await t.post(`${Q}/GetTemplate`, {}, learner)).errorCode).toBe(403);
    const res = await t.inject({ method: 'GET', url: `/prod-api${Q}/GetTemplate`, headers: { ydAuthorization: `Bearer ${corp}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    expect(wb.worksheets[0].getRow(1).values).toEqual([undefined, ...QUESTION_COLUMNS]);
    // the template's examples pass the check
    const url = await upload(res.rawPayload);
    expect((await t.post(`${Q}/ImportCheck`, { urls: [url] }, corp)).msg).toBe('数据检查通过，共 5 道试题，可以导入');
  });

  it('1,000 rows check and import in one go', async () => {
    const rows = Array.from({ length: 1000 }, (_, i) => row('单选题', `批量题 ${i}`, ['甲', '乙', '丙', '丁'], 'ABCD'[i % 4]));
    const url = await upload(await workbook(rows));
    expect((await t.post(`${Q}/ImportCheck`, { urls: [url] }, corp)).msg).toBe('数据检查通过，共 1000 道试题，可以导入');
    expect((await t.post(`${Q}/Import`, { urls: [url] }, corp)).msg).toBe('导入成功，共 1000 道试题');
    expect((await t.post<PageResult<QuestionView>>(`${Q}/GetPageList`, { keyword: '批量题' }, corp)).data.totalCount).toBe(1000);
  });
});
