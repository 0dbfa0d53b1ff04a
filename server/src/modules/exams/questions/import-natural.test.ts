import { type PageResult, QUESTION_COLUMNS, type QuestionImportCheck, type QuestionView } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QUESTION as Q } from '../../../../test/api-paths.ts';
import { appSignedIn, type TestApp } from '../../../../test/helper.ts';
import { questionSheetRow as row, uploadImportFile, questionWorkbook as workbook } from '../../../../test/uploads.ts';
import { blankAnswer, ImportAnswerMsg, judgeAnswer } from './import-answers.ts';

// The question import in the administrator's words (issue 23 item 8): natural true/false and
// fill-in answers, the old stored forms still accepted, and importing the valid rows of a file
// while the refused ones come back as a workbook with their reasons.

describe('answers in natural forms (pure)', () => {
  it('true/false: 对/错, 正确/错误, √/×, A/B, T/F in any case; anything else is left for the rules to refuse', () => {
    for (const yes of ['对', '正确', '√', '✓', 'A', 'a', 'T', 't', 'True', 'Ｔ', ' 对 ']) expect(judgeAnswer(yes), yes).toBe('A');
    for (const no of ['错', '错误', '×', '✗', 'B', 'b', 'F', 'false', 'Ｆ']) expect(judgeAnswer(no), no).toBe('B');
    expect(judgeAnswer('也许')).toBe('也许');
  });

  it('fill-in: ； or ; between blanks, | between alternatives; the JSON array form stays as it was', () => {
    expect(blankAnswer('北京|北京市；1949')).toBe('["北京|北京市","1949"]');
    expect(blankAnswer(' 北京 | 北京市 ; 1949 ;')).toBe('["北京|北京市","1949"]');
    expect(blankAnswer('北京｜北京市')).toBe('["北京|北京市"]');
    expect(blankAnswer('["北京|北京市","1949"]')).toBe('["北京|北京市","1949"]');
    // a bracket that is not a JSON array is an answer like any other
    expect(blankAnswer('[注]北京')).toBe('["[注]北京"]');
    expect(blankAnswer('；1949')).toBe('["","1949"]');
  });
});

describe('question import (app)', () => {
  let t: TestApp;
  let corp: string;
  beforeAll(async () => ([t, corp] = await appSignedIn('corpadmin')));
  afterAll(() => t.close());

  const upload = async (buf: Buffer) => (await uploadImportFile(t, buf, 'q.xlsx', corp)).data.url;
  const find = async (keyword: string) =>
    (await t.post<PageResult<QuestionView>>(`${Q}/GetPageList`, { keyword, pageRows: 50 }, corp)).data.models
      .map((q) => [q.qName, q.answer])
      .sort();

  it('imports each natural true/false form and fill-in answers written 答案1|备选；第二空', async () => {
    const judges = ['对', '错', '正确', '错误', '√', '×', 'A', 'B', 'T', 'F'];
    const url = await upload(
      await workbook([
        ...judges.map((a, i) => row('判断题', `自然判断${i}`, [], a)),
        row('填空题', '自然填空（）成立于___年', [], '北京|北京市；1949'),
        row('填空题', '自然填空半角（）和（）', [], '甲;乙|丙'),
        row('填空题', '自然填空旧写法（）', [], '["旧|老"]'),
      ]),
    );
    const check = await t.post<QuestionImportCheck>(`${Q}/ImportCheck`, { urls: [url] }, corp);
    expect([check.msg, check.data.valid, check.data.errors]).toEqual(['数据检查通过，共 13 道试题，可以导入', 13, []]);
    expect((await t.post(`${Q}/Import`, { urls: [url] }, corp)).msg).toBe('导入成功，共 13 道试题');
    expect(await find('自然判断')).toEqual(judges.map((_a, i) => [`自然判断${i}`, i % 2 === 0 ? 'A' : 'B']).sort());
    expect(await find('自然填空')).toEqual(
      [
        ['自然填空（）成立于___年', '["北京|北京市","1949"]'],
        ['自然填空半角（）和（）', '["甲","乙|丙"]'],
        ['自然填空旧写法（）', '["旧|老"]'],
      ].sort(),
    );
  });

  it('says what to write when a natural answer is wrong', async () => {
    const url = await upload(await workbook([row('判断题', '说明判断', [], '也许'), row('填空题', '说明填空（）和（）', [], '只有一空')]));
    const check = await t.post<QuestionImportCheck>(`${Q}/ImportCheck`, { urls: [url] }, corp);
    expect(check.data.errors).toEqual([
      { row: 2, column: '答案', message: ImportAnswerMsg.judge },
      { row: 3, column: '答案', message: `题干有 2 个空，答案有 1 项，数量应一致${ImportAnswerMsg.blankHint}` },
    ]);
    expect([check.msg, check.data.valid]).toEqual(['共 2 行数据，2 行有错误', 0]);
    // nothing valid: even skipInvalid has nothing to import and says why
    const imp = await t.post<QuestionImportCheck>(`${Q}/Import`, { urls: [url], skipInvalid: true }, corp);
    expect(imp).toMatchObject({ success: false, code: 'QUESTION_IMPORT_INVALID' });
    expect(await find('说明')).toEqual([]);
  });

  it('imports the valid rows with skipInvalid, and gives back the refused ones with 原因 to fix and import again', async () => {
    const url = await upload(
      await workbook([
        row('单选题', '部分导入一', ['甲', '乙'], 'A'),
        row('判断题', '部分导入坏判断', [], '大概'),
        row('判断题', '部分导入二', [], '对'),
        row('单选题', '部分导入越界', ['甲', '乙'], 'E'),
        row('填空题', '部分导入三（）', [], '答案'),
      ]),
    );
    const check = await t.post<QuestionImportCheck>(`${Q}/ImportCheck`, { urls: [url] }, corp);
    expect([check.msg, check.data.valid, check.data.errors.map((e) => e.row)]).toEqual([
      '共 5 行数据，2 行有错误，3 行可以导入',
      3,
      [3, 5],
    ]);
    // without the flag: all or nothing, as before
    expect((await t.post(`${Q}/Import`, { urls: [url] }, corp)).code).toBe('QUESTION_IMPORT_INVALID');
    expect(await find('部分导入')).toEqual([]);
    const imp = await t.post<{ count: number; skipped: number }>(`${Q}/Import`, { urls: [url], skipInvalid: true }, corp);
    expect([imp.success, imp.data, imp.msg]).toEqual([
      true,
      { count: 3, skipped: 2 },
      '导入成功，共 3 道试题，未导入 2 行未通过检查的数据',
    ]);
    expect(await find('部分导入')).toEqual(
      [
        ['部分导入一', 'A'],
        ['部分导入三（）', '["答案"]'],
        ['部分导入二', 'A'],
      ].sort(),
    );

    // the refused rows, in the template's columns plus 原行号 and 原因
    const res = await t.inject({
      method: 'POST',
      url: `/prod-api${Q}/ImportRefused`,
      payload: { urls: [url] },
      headers: { ydAuthorization: `Bearer ${corp}` },
    });
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const sheet = wb.worksheets[0];
    expect(sheet.getRow(1).values).toEqual([undefined, ...QUESTION_COLUMNS, '原行号', '原因']);
    expect(sheet.rowCount).toBe(3);
    const at = (r: number, h: string) => String(sheet.getRow(r).getCell(QUESTION_COLUMNS.length + (h === '原行号' ? 1 : 2)).value);
    expect([sheet.getRow(2).getCell(2).value, at(2, '原行号'), at(2, '原因')]).toEqual([
      '部分导入坏判断',
      '3',
      `答案：${ImportAnswerMsg.judge}`,
    ]);
    expect([sheet.getRow(3).getCell(2).value, at(3, '原行号'), at(3, '原因')]).toEqual([
      '部分导入越界',
      '5',
      '答案：答案 E 超出了选项范围（A-B）',
    ]);
    // fixed in that file, it imports as it is (原行号 and 原因 are ignored)
    sheet.getRow(2).getCell(QUESTION_COLUMNS.indexOf('答案') + 1).value = '错';
    sheet.getRow(3).getCell(QUESTION_COLUMNS.indexOf('答案') + 1).value = 'B';
    const again = await upload(Buffer.from(await wb.xlsx.writeBuffer()));
    expect((await t.post(`${Q}/Import`, { urls: [again] }, corp)).msg).toBe('导入成功，共 2 道试题');
    expect(await find('部分导入')).toHaveLength(5);
  });

  it("the template's instructions sheet and examples use the natural forms", async () => {
    const res = await t.inject({ method: 'GET', url: `/prod-api${Q}/GetTemplate`, headers: { ydAuthorization: `Bearer ${corp}` } });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ExcelJS.Buffer);
    const notes: string[] = [];
    wb.getWorksheet('填写说明')?.eachRow((r) => {
      notes.push(String(r.getCell(1).value));
    });
    const text = notes.join('\n');
    expect(text).toContain('判断填 对 或 错（也可填 正确/错误、√/×、A/B、T/F）');
    expect(text).toContain('各空之间用 ； 分隔，同一空可接受的几种写法用 | 分隔，如 北京|北京市；1949');
    expect(text).toContain('导入有效的行');
    expect(text).toContain('下载未通过的行');
    const answers: string[] = [];
    wb.worksheets[0].eachRow((r, n) => {
      if (n > 1) answers.push(String(r.getCell(QUESTION_COLUMNS.indexOf('答案') + 1).value));
    });
    expect(answers).toContain('对');
    expect(answers).toContain('北京|北京市；1949');
  });
});
