import { Msg, type PageResult, type QuestionDirNode, type QuestionImportCheck, type QuestionView } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';
import { QUESTION_DIR as D, QUESTION as Q } from '../../../../test/api-paths.ts';
import { fileAppSignedIn } from '../../../../test/helper.ts';
import { uploadImportFile } from '../../../../test/uploads.ts';
import { OTHER_COMPANY } from '../../../db/seed/demo.ts';

// Issue 27 through the real calls: upload (UploadZFileByFormTemporarily) → ImportCheck → Import,
// and Export in each format read back by the import.
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

const [t, corp, admin] = await fileAppSignedIn('corpadmin', 'admin');

const upload = async (text: string | Buffer, name: string, token = corp) => {
  const res = await uploadImportFile(t, Buffer.isBuffer(text) ? text : Buffer.from(text), name, token);
  expect(res.success, res.msg).toBe(true);
  return res.data.url;
};
const addDir = async (dirName: string, pCode = '') =>
  (await t.post<{ dirCode: string }>(`${D}/SaveData`, { dirName, pCode }, corp)).data.dirCode;
const tree = async () => (await t.post<QuestionDirNode[]>(`${D}/GetTreeData`, {}, corp)).data;
const find = (nodes: QuestionDirNode[], name: string): QuestionDirNode | undefined => {
  for (const n of nodes) {
    if (n.dirName === name) return n;
    const below = find(n.children, name);
    if (below) return below;
  }
  return undefined;
};
const page = async (body: Record<string, unknown>) =>
  (await t.post<PageResult<QuestionView>>(`${Q}/GetPageList`, { pageRows: 100, ...body }, corp)).data;

const GIFT = `$CATEGORY: $course$/top/消防知识

::接口灭火::电器着火时应使用哪种灭火器？{=干粉灭火器 ~清水灭火器 ~泡沫灭火器}

::接口判断::安全生产人人有责。{T}

::接口填空::中华人民共和国的首都是{=北京 =北京市}。

::接口匹配::把城市和省份连起来{=广州 -> 广东 =南京 -> 江苏}
`;

describe('a GIFT file through upload, check and import', () => {
  it('the check lists what goes in, what is skipped and the directories it creates; nothing is written', async () => {
    const target = await addDir('接口导入');
    const url = await upload(GIFT, '题库.gift');
    const before = (await page({})).totalCount;
    const res = await t.post<QuestionImportCheck>(`${Q}/ImportCheck`, { urls: [url], dirCode: target }, corp);
    expect(res.success, res.msg).toBe(true);
    expect(res.msg).toBe('GIFT（.gift / .txt）：共 4 道试题，3 道可以导入，1 道题型不支持将跳过');
    expect(res.data).toMatchObject({ format: 'gift', rows: 4, valid: 3, errors: [], newDirs: ['消防知识'] });
    expect(res.data.refused).toEqual([{ index: 4, name: '接口匹配', reason: '匹配题：题库没有对应的题型' }]);
    expect((await page({})).totalCount).toBe(before);
    expect(find(await tree(), '消防知识')).toBeUndefined();

    const imp = await t.post<{ count: number; skipped: number }>(`${Q}/Import`, { urls: [url], dirCode: target }, corp);
    expect(imp.msg).toBe('导入成功，共 3 道试题，跳过 1 道无法导入的试题');
    expect(imp.data).toEqual({ count: 3, skipped: 1 });
    const dir = find(await tree(), '消防知识');
    expect(dir?.pCode).toBe(target);
    const rows = (await page({ dirCode: dir?.dirCode })).models;
    expect(rows.map((r) => [r.qType, r.qName, r.answer]).sort()).toEqual([
      [1, '电器着火时应使用哪种灭火器？', 'A'],
      [3, '安全生产人人有责。', 'A'],
      [4, '中华人民共和国的首都是（）。', '["北京|北京市"]'],
    ]);
    // importing again reuses the directory
    await t.post(`${Q}/Import`, { urls: [url], dirCode: target }, corp);
    expect((await tree()).flatMap((n) => [n, ...n.children]).filter((n) => n.dirName === '消防知识')).toHaveLength(1);
  });
});

const MOODLE = `<?xml version="1.0" encoding="UTF-8"?>
<quiz>
<question type="category"><category><text>$course$/top/接口图片</text></category></question>
<question type="multichoice">
<name><text>带图的题</text></name>
<questiontext format="html"><text><![CDATA[<p>图中是什么？<img src="@@PLUGINFILE@@/pic.png" alt="图"><script>alert(1)</script></p>]]></text>
<file name="pic.png" path="/" encoding="base64">${PNG}</file></questiontext>
<single>true</single>
<answer fraction="100"><text>灭火器</text></answer>
<answer fraction="0"><text>水桶</text></answer>
</question>
<question type="multichoice">
<name><text>只有一个选项</text></name>
<questiontext format="html"><text>选项不够的题</text></questiontext>
<single>true</single>
<answer fraction="100"><text>唯一</text></answer>
</question>
</quiz>`;

describe('a Moodle XML file with an image', () => {
  it('a question that breaks the rules refuses the file unless skipInvalid; the image is stored and served; HTML is sanitised', async () => {
    const url = await upload(MOODLE, 'moodle.xml');
    const check = await t.post<QuestionImportCheck>(`${Q}/ImportCheck`, { urls: [url] }, corp);
    expect(check.msg).toBe('Moodle XML（.xml）：共 2 道试题，1 道可以导入，1 道有错误');
    expect(check.data.errors).toEqual([{ row: 2, column: '选项', message: '选择题至少需要 2 个选项' }]);
    const refused = await t.post(`${Q}/Import`, { urls: [url] }, corp);
    expect(refused).toMatchObject({ success: false, code: 'QUESTION_IMPORT_INVALID' });
    expect(find(await tree(), '接口图片')).toBeUndefined();

    const imp = await t.post(`${Q}/Import`, { urls: [url], skipInvalid: true }, corp);
    expect(imp.msg).toBe('导入成功，共 1 道试题，跳过 1 道无法导入的试题');
    const [q] = (await page({ keyword: '图中是什么' })).models;
    expect(q.qName).not.toContain('script');
    const src = /<img src="([^"]+)"/.exec(q.qName)?.[1] ?? '';
    expect(src).toMatch(/^\/prod-api\/files\/upload\//);
    const file = await t.inject({ method: 'GET', url: src });
    expect(file.statusCode).toBe(200);
    expect(Buffer.from(file.rawPayload).equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });

  it('unreadable files and other companies’ directories are refused in Chinese and change nothing', async () => {
    const broken = await upload('<?xml version="1.0"?><quiz><question type="truefalse"></quiz>', 'broken.xml');
    const res = await t.post(`${Q}/ImportCheck`, { urls: [broken] }, corp);
    expect(res).toMatchObject({ success: false, code: 'QUESTION_FILE_UNREADABLE' });
    expect(res.msg).toMatch(/^Moodle XML（\.xml） 文件内容有误（第 1 行第 \d+ 列附近），无法读取$/);
    // a directory of another company answers like a missing one
    const theirs = (
      await t.post<{ dirCode: string }>(`${D}/SaveData`, { dirName: '别家目录', companySysCode: OTHER_COMPANY.companySysCode }, admin)
    ).data.dirCode;
    const url = await upload(GIFT, 'gift.txt');
    expect(theirs).toBeTruthy();
    expect(await t.post(`${Q}/Import`, { urls: [url], dirCode: theirs }, corp)).toMatchObject({
      success: false,
      code: 'EXAM_DIR_NOT_FOUND',
    });
    // ImportRefused is for workbooks
    expect(await t.post(`${Q}/ImportRefused`, { urls: [url] }, corp)).toMatchObject({ success: false, code: 'QUESTION_REFUSED_XLSX_ONLY' });
  });

  it('issue 38 item 13: a .xml in GBK (or with a NUL) is told it is not UTF-8, not "请上传excel文件"', async () => {
    const gbk = Buffer.concat([
      Buffer.from('<quiz><question type="essay"><questiontext><text>'),
      Buffer.from([0xc4, 0xe3, 0xba, 0xc3]),
      Buffer.from('</text></questiontext></question></quiz>'),
    ]);
    for (const bytes of [gbk, Buffer.from('<quiz>\0</quiz>')]) {
      const res = await uploadImportFile(t, bytes, '题库.xml', corp);
      expect(res).toMatchObject({ success: false, msg: Msg.textNotUtf8 });
    }
  });

  it('issue 38 item 13: the check says a numerical tolerance is narrowed, and imports it as a fill-in', async () => {
    const url = await upload('::误差::圆周率约为多少？{#3.14:0.01}\n\n::判断::安全第一。{T}', 'tolerance.gift');
    const res = await t.post<QuestionImportCheck>(`${Q}/ImportCheck`, { urls: [url] }, corp);
    expect(res.msg).toBe('GIFT（.gift / .txt）：共 2 道试题，2 道可以导入，1 道数值题按填空题导入（误差范围未保留）');
    expect(res.data.narrowed).toEqual([
      { index: 1, name: '误差', reason: '数值题「3.14±0.01」按填空题导入，只接受答案 3.14（题库没有数值题型，误差范围未保留）' },
    ]);
  });
});

describe('export in each format imports back unchanged', () => {
  for (const [format, name] of [
    ['moodlexml', 'e.xml'],
    ['gift', 'e.gift'],
    ['qti21', 'e.zip'],
  ] as const)
    it(format, async () => {
      const dir = find(await tree(), '消防知识')?.dirCode ?? '';
      const exported = await t.postRaw(`${Q}/Export`, { dirCode: dir, format }, corp);
      expect(exported.statusCode).toBe(200);
      expect(String(exported.headers['content-disposition'])).toContain(encodeURIComponent('试题-'));
      const url = await upload(Buffer.from(exported.rawPayload), name);
      const check = await t.post<QuestionImportCheck>(`${Q}/ImportCheck`, { urls: [url] }, corp);
      expect(check.data).toMatchObject({ format, errors: [], refused: [], newDirs: [] });
      const mine = (await page({ dirCode: dir })).models;
      expect(check.data.valid).toBe(mine.length);
      // into a fresh directory: the same questions below it, the category path recreated
      const fresh = await addDir(`回导-${format}`);
      await t.post(`${Q}/Import`, { urls: [url], dirCode: fresh }, corp);
      const copied = (await page({ dirCode: fresh })).models;
      const key = (q: QuestionView) => JSON.stringify([q.qType, q.qName, q.a, q.b, q.c, q.answer, q.analysis, q.score, q.difficulty]);
      expect(copied.map(key).sort()).toEqual(mine.map(key).sort());
    });
});
