import { buffer } from 'node:stream/consumers';
import { describe, expect, it } from 'vitest';
import { sanitizeRichHtml } from '../../../../platform/sanitize-html.ts';
import { assertSafeXlsx } from '../../../../platform/workbook/index.ts';
import { parseGift, writeGift } from './gift.ts';
import { readQuestionFile } from './index.ts';
import type { BankQuestion, ParsedBank } from './model.ts';
import { parseMoodleXml, writeMoodleXml } from './moodle-xml.ts';
import { writeQtiPackage } from './qti21.ts';
import { child, descendants, elements, parseXml, textOf } from './xml.ts';

// Every type of the bank written in each export format and read back by our own import (round
// trips), and the written files checked against what Moodle's and QTI readers expect.

/** a 1×1 PNG */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

// ---------- round trips ----------

const IMG_URL = '/prod-api/files/upload/2026/11/fire.png';
const SOURCE: BankQuestion[] = [
  {
    qCode: 'Q1',
    qType: 1,
    qName: `<p>电器着火用<strong>哪种</strong>灭火器？<img src="${IMG_URL}" alt="灭火器" /></p>`,
    options: ['干粉', '清水 & 泡沫', '沙土 {细}'],
    answer: 'A',
    analysis: '<p>干粉 = 正确</p>',
    difficulty: 2,
    score: 3,
    category: ['安全培训', '消防'],
  },
  {
    qCode: 'Q2',
    qType: 2,
    qName: '<p>办公软件有哪些：</p>',
    options: ['文字', '表格', '杀毒', '演示'],
    answer: 'ABD',
    analysis: '',
    difficulty: 3,
    score: 4,
    category: ['安全培训'],
  },
  {
    qCode: 'Q3',
    qType: 2,
    qName: '只有一个正确答案的多选题',
    options: ['甲', '乙'],
    answer: 'B',
    analysis: '',
    difficulty: 1,
    score: 2,
    category: [],
  },
  {
    qCode: 'Q4',
    qType: 3,
    qName: '安全生产人人有责。',
    options: [],
    answer: 'A',
    analysis: '',
    difficulty: 1,
    score: 1,
    category: ['安全培训'],
  },
  {
    qCode: 'Q5',
    qType: 3,
    qName: '高处作业可以不系安全带。',
    options: [],
    answer: 'B',
    analysis: '<p>必须系。</p>',
    difficulty: 5,
    score: 2,
    category: [],
  },
  {
    qCode: 'Q6',
    qType: 4,
    qName: '首都是（），成立于（）年。',
    options: [],
    answer: '["北京|北京市","1949"]',
    analysis: '',
    difficulty: 2,
    score: 4,
    category: [],
  },
  {
    qCode: 'Q7',
    qType: 4,
    qName: '圆周率约等于（）',
    options: [],
    answer: '["3.14"]',
    analysis: '<p>保留两位</p>',
    difficulty: 2,
    score: 2,
    category: [],
  },
  {
    qCode: 'Q8',
    qType: 5,
    qName: '<p>请简述要点。</p>',
    options: [],
    answer: '要点一\n要点二：a<b',
    analysis: '',
    difficulty: 4,
    score: 10,
    category: ['安全培训', '消防'],
  },
];

/** What the bank would store of a parsed question (the import sanitises rich text). */
// (an <img> may come back as <img …> or <img … />: the same element)
const html = (s: string) => sanitizeRichHtml(s).replace(/\s*\/>/g, '>');
const stored = (bank: ParsedBank, imageUrl: (ref: string) => string) =>
  bank.questions.map((q) => ({
    qType: q.qType,
    qName: html(q.qName.replace(/src="([^"]+)"/g, (_m, ref: string) => `src="${bank.images.has(ref) ? imageUrl(ref) : ref}"`)),
    options: q.options,
    answer: q.answer,
    analysis: html(q.analysis),
    difficulty: q.difficulty ?? 3,
    score: q.score ?? 2,
    category: q.category,
  }));
const expected = SOURCE.map(({ qCode: _, ...q }) => ({ ...q, qName: html(q.qName), analysis: html(q.analysis) }));
const images = async (url: string) => (url === IMG_URL ? { name: 'fire.png', data: Buffer.from(PNG, 'base64') } : undefined);

describe('round trips: what we write reads back unchanged', () => {
  it('Moodle XML', async () => {
    const xml = await writeMoodleXml(SOURCE, images);
    const bank = parseMoodleXml(xml);
    expect(bank.refused).toEqual([]);
    expect(stored(bank, () => IMG_URL)).toEqual(expected);
    // the image travelled inside the file
    expect([...bank.images.values()][0].data.equals(Buffer.from(PNG, 'base64'))).toBe(true);
  });

  it('GIFT', async () => {
    const bank = parseGift(writeGift(SOURCE));
    expect(bank.refused).toEqual([]);
    expect(stored(bank, (r) => r)).toEqual(expected);
  });

  it('QTI 2.1', async () => {
    const pkg = await writeQtiPackage(SOURCE, images);
    const read = await readQuestionFile(pkg);
    expect(read.format).toBe('qti21');
    const bank = (read as { bank: ParsedBank }).bank;
    expect(bank.refused).toEqual([]);
    expect(stored(bank, () => IMG_URL)).toEqual(expected);
  });
});

// ---------- what the other systems read ----------

describe('the files are what Moodle and QTI readers expect', () => {
  it('Moodle XML: a quiz of questions with the elements Moodle reads per type', async () => {
    const quiz = parseXml(await writeMoodleXml(SOURCE, images));
    expect(quiz.local).toBe('quiz');
    const questions = elements(quiz, 'question');
    for (const q of questions) {
      if (q.attrs.type === 'category') {
        expect(textOf(child(child(q, 'category'), 'text'))).toMatch(/^\$course\$\/top/);
        continue;
      }
      expect(['multichoice', 'truefalse', 'shortanswer', 'multianswer', 'essay']).toContain(q.attrs.type);
      for (const el of ['name', 'questiontext', 'generalfeedback', 'defaultgrade']) expect(child(q, el), el).toBeDefined();
      expect(child(child(q, 'questiontext'), 'text')).toBeDefined();
      if (q.attrs.type === 'multichoice') {
        expect(['true', 'false']).toContain(textOf(child(q, 'single')));
        for (const a of elements(q, 'answer')) expect(Number(a.attrs.fraction)).not.toBeNaN();
      }
      if (q.attrs.type === 'truefalse') expect(elements(q, 'answer').map((a) => textOf(child(a, 'text')))).toEqual(['true', 'false']);
    }
    // every @@PLUGINFILE@@ reference has its <file> in the same text element
    for (const text of descendants(quiz, 'questiontext')) {
      const refs = [...textOf(child(text, 'text')).matchAll(/@@PLUGINFILE@@\/([^"]+)/g)].map((m) => m[1]);
      expect(refs.sort()).toEqual(
        elements(text, 'file')
          .map((f) => f.attrs.name)
          .sort(),
      );
    }
  });

  it('QTI: every resource names files in the package; items follow the assessmentItem sequence', async () => {
    const parts = await assertSafeXlsx(await writeQtiPackage(SOURCE, images));
    const manifest = parseXml((await buffer(await (parts.get('imsmanifest.xml')?.open() as Promise<NodeJS.ReadableStream>))).toString());
    expect(manifest.attrs.xmlns).toBe('http://www.imsglobal.org/xsd/imscp_v1p1');
    const order = ['responseDeclaration', 'outcomeDeclaration', 'itemBody', 'responseProcessing', 'modalFeedback'];
    for (const r of descendants(manifest, 'resource')) {
      for (const f of elements(r, 'file')) expect(parts.has(f.attrs.href), f.attrs.href).toBe(true);
      const xml = (await buffer(await (parts.get(r.attrs.href)?.open() as Promise<NodeJS.ReadableStream>))).toString();
      const item = parseXml(xml);
      expect(item.local).toBe('assessmentItem');
      expect(item.attrs).toMatchObject({ xmlns: 'http://www.imsglobal.org/xsd/imsqti_v2p1', adaptive: 'false', timeDependent: 'false' });
      const seq = elements(item).map((e) => order.indexOf(e.local));
      expect(seq.every((v, i) => v >= 0 && (i === 0 || v >= seq[i - 1]))).toBe(true);
      // every interaction answers to a declared response; images carry alt; no HTML-only entities
      const declared = new Set(elements(item, 'responseDeclaration').map((d) => d.attrs.identifier));
      for (const el of descendants(item, 'itemBody')[0].children.length ? descendants(item, '*') : [])
        if (el.local.endsWith('Interaction')) expect(declared.has(el.attrs.responseIdentifier)).toBe(true);
      for (const img of descendants(item, 'img')) expect(img.attrs.alt).toBeDefined();
      expect(xml).not.toMatch(/&nbsp;/);
    }
  });
});
