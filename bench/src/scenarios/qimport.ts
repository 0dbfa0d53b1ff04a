import { rmSync } from 'node:fs';
import { QUESTION_COLUMNS } from '@xuetu/contract';
import ExcelJS from 'exceljs';
import { benchCaller, benchDir, benchSignIn, buildBenchApp, uploadTemporary } from './bench-app.ts';

// Question bank import speed (issue 27): the company administrator checks and imports a generated
// 2,000-question Moodle XML file (five categories; single, multiple, true/false, short answer and
// essay; Chinese text, HTML, one embedded image in every hundredth question) and, in the same run
// on the same database, a 2,000-row xlsx of the same questions. Questions per second, and the
// Moodle XML rate as a ratio of the xlsx one (the machine's load moves both alike).

const COUNT = Number(process.env.BENCH_QIMPORT_QUESTIONS ?? 2000);
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

function moodleXml(run: string): string {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  for (let i = 0; i < COUNT; i++) {
    if (i % (COUNT / 5) === 0)
      out.push(`<question type="category"><category><text>$course$/top/压测${run}/分类${i}</text></category></question>`);
    const image = i % 100 === 0 ? `<img src="@@PLUGINFILE@@/p${i}.png" alt="图">` : '';
    const file = image ? `<file name="p${i}.png" path="/" encoding="base64">${PNG}</file>` : '';
    const text = `<questiontext format="html"><text><![CDATA[<p>压测试题 ${run}-${i}：<strong>安全生产</strong>第 ${i} 题的内容。${image}</p>]]></text>${file}</questiontext>`;
    const feedback = '<generalfeedback format="html"><text><![CDATA[<p>解析：依据安全生产法。</p>]]></text></generalfeedback>';
    const kind = i % 5;
    if (kind === 0 || kind === 1)
      out.push(
        `<question type="multichoice"><name><text>题${i}</text></name>${text}${feedback}<defaultgrade>2</defaultgrade><single>${kind === 0}</single>`,
        ...['甲选项', '乙选项', '丙选项', '丁选项'].map(
          (o, k) => `<answer fraction="${kind === 0 ? (k === i % 4 ? 100 : 0) : k < 2 ? 50 : 0}"><text>${o}</text></answer>`,
        ),
        '</question>',
      );
    else if (kind === 2)
      out.push(
        `<question type="truefalse"><name><text>题${i}</text></name>${text}${feedback}<answer fraction="100"><text>true</text></answer><answer fraction="0"><text>false</text></answer></question>`,
      );
    else if (kind === 3)
      out.push(
        `<question type="shortanswer"><name><text>题${i}</text></name>${text}${feedback}<answer fraction="100"><text>北京</text></answer><answer fraction="100"><text>北京市</text></answer></question>`,
      );
    else
      out.push(
        `<question type="essay"><name><text>题${i}</text></name>${text}${feedback}<graderinfo format="html"><text>要点</text></graderinfo></question>`,
      );
  }
  out.push('</quiz>');
  return out.join('\n');
}

async function workbook(run: string): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('试题');
  ws.addRow([...QUESTION_COLUMNS]);
  for (let i = 0; i < COUNT; i++) {
    const kind = i % 5;
    const stem = `<p>压测表格题 ${run}-${i}：<strong>安全生产</strong>第 ${i} 题的内容。${kind === 3 ? '（）' : ''}</p>`;
    const options = kind < 2 ? ['甲选项', '乙选项', '丙选项', '丁选项'] : [];
    const answer = ['ABCD'[i % 4], 'AB', '对', '北京|北京市', '要点'][kind];
    ws.addRow([
      ['单选题', '多选题', '判断题', '填空题', '简答题'][kind],
      stem,
      ...options,
      ...Array(9 - options.length).fill(''),
      answer,
      '解析',
      '3',
      '2',
      '',
    ]);
  }
  return Buffer.from(await wb.xlsx.writeBuffer());
}

export async function benchQuestionImport(label: string, env: Record<string, unknown>): Promise<string[]> {
  const dir = benchDir('qimport');
  const { app } = await buildBenchApp(dir, env);
  await app.ready();
  const lines: string[] = [];
  try {
    const token = await benchSignIn(app, 'corpadmin');
    const headers = { ydAuthorization: `Bearer ${token}` };
    const call = benchCaller(app, headers);
    const upload = (file: Buffer, name: string) => uploadTemporary(app, headers, file, name);
    const rate = async (name: string, file: Buffer, fileName: string) => {
      const url = await upload(file, fileName);
      let t0 = performance.now();
      const check = await call('/Api/Exam_Manage/ex_question/ImportCheck', { urls: [url] });
      const checkS = (performance.now() - t0) / 1000;
      if (check.data.valid !== COUNT) throw new Error(`${name}: ${check.msg}`);
      t0 = performance.now();
      await call('/Api/Exam_Manage/ex_question/Import', { urls: [url] });
      const importS = (performance.now() - t0) / 1000;
      return { name, bytes: file.length, checkS, importS };
    };
    const run = String(Date.now() % 100000);
    const xlsx = await rate('xlsx template', await workbook(run), 'bench.xlsx');
    const moodle = await rate('Moodle XML', Buffer.from(moodleXml(run)), 'bench.xml');
    const qps = (s: number) => Math.round(COUNT / s);
    lines.push(
      `| ${label} | ${xlsx.name} | ${(xlsx.bytes / 1024).toFixed(0)} KB | ${qps(xlsx.checkS)} | ${qps(xlsx.importS)} | 1.00 | 1.00 |`,
    );
    lines.push(
      `| ${label} | ${moodle.name} | ${(moodle.bytes / 1024).toFixed(0)} KB | ${qps(moodle.checkS)} | ${qps(moodle.importS)} | ${(xlsx.checkS / moodle.checkS).toFixed(2)} | ${(xlsx.importS / moodle.importS).toFixed(2)} |`,
    );
  } finally {
    await app.close();
    rmSync(dir, { recursive: true, force: true });
  }
  return lines;
}
