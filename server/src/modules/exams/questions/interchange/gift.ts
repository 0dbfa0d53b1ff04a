import { parseBlankAnswer, QType } from '@xuetu/contract';
import {
  type BankQuestion,
  BLANK_MARK,
  categoryPath,
  choiceType,
  escapeHtml,
  htmlToText,
  type InterchangeQuestion,
  LETTERS,
  NO_REFERENCE,
  nameOf,
  type ParsedBank,
  QUESTION_TEXT_MAX,
  RefuseReason,
  withBlank,
} from './model.ts';

// GIFT ("GIFT format", docs.moodle.org): one question per paragraph, `::title::` then the text with
// an answer block in braces — {=right ~wrong} choice, {~%50%a ~%50%b} several right, {T}/{F},
// {=a =b} short answer, {#3.14:0.01} numerical, {} essay, {=a -> b} matching (refused); `####`
// general feedback; `$CATEGORY:` sets the category; `\` escapes ~ = # { } :. Lines starting `//`
// are comments — ours carry what GIFT has no field for: `// xuetu {"score":2,"difficulty":3}`.

const META = /^\/\/\s*xuetu\s+(\{.*\})\s*$/;

/** Splits on an unescaped separator character. */
function splitUnescaped(text: string, sep: RegExp): string[] {
  const out: string[] = [];
  let cur = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\' && i + 1 < text.length) {
      cur += c + text[++i];
      continue;
    }
    if (sep.test(c)) {
      out.push(cur);
      cur = c;
      continue;
    }
    cur += c;
  }
  out.push(cur);
  return out;
}

const unescapeGift = (s: string) => s.replace(/\\n/g, '\n').replace(/\\([~=#{}:\\[\]])/g, '$1');

/** Text of a question in its GIFT markup: [html] as is, [plain]/[markdown] escaped, the default as HTML-capable text. */
function formatted(text: string): string {
  const m = /^\s*\[(html|moodle|plain|markdown)\]/.exec(text);
  const body = unescapeGift(m ? text.slice(m[0].length) : text).trim();
  const format = m?.[1] ?? 'moodle';
  if (format === 'html') return body;
  if (format === 'moodle' && hasTag(body)) return body;
  return escapeHtml(body).replace(/\n/g, '<br>');
}

/** True when the text holds a tag (`<a…>`): the first `<` + letter with a `>` anywhere after it. */
function hasTag(text: string): boolean {
  const m = /<[a-z]/i.exec(text);
  return m !== null && text.indexOf('>', m.index) >= 0;
}

/**
 * A leading `::title::` and the text after it. A scanner: the pattern it replaces,
 * `(?:\\.|[^:]|:(?!:))*`, backtracked exponentially on a run of backslashes (38 took 47 s).
 */
function titleOf(source: string): { title: string; rest: string } | null {
  const start = source.length - source.trimStart().length;
  if (!source.startsWith('::', start)) return null;
  for (let i = start + 2; i < source.length; i++) {
    if (source[i] === '\\') i++;
    else if (source[i] === ':' && source[i + 1] === ':') return { title: source.slice(start + 2, i), rest: source.slice(i + 2) };
  }
  return null;
}

interface Block {
  start: number;
  end: number;
  body: string;
}

const GiftMsg = {
  braces: (line: number) => `GIFT 格式错误（第 ${line} 行起的试题）：答案的花括号 { } 不成对，无法读取答案`,
} as const;

/** The text with its answer blocks replaced by a space (the name the check lists). */
function withoutBlocks(source: string, blocks: Block[]): string {
  let out = '';
  let at = 0;
  for (const b of blocks) {
    out += `${source.slice(at, b.start)} `;
    at = b.end;
  }
  return out + source.slice(at);
}

/** The answer blocks: unescaped { … } pairs. */
function blocksOf(text: string): Block[] | null {
  const out: Block[] = [];
  let open = -1;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '\\') {
      i++;
      continue;
    }
    if (c === '{') {
      if (open >= 0) return null;
      open = i;
    } else if (c === '}') {
      if (open < 0) return null;
      out.push({ start: open, end: i + 1, body: text.slice(open + 1, i) });
      open = -1;
    }
  }
  return open >= 0 ? null : out;
}

type Answer =
  | { kind: 'essay' }
  | { kind: 'tf'; value: boolean }
  | { kind: 'choice'; options: string[]; fractions: number[]; single: boolean }
  | { kind: 'short'; accepted: string[]; narrowed?: string }
  | { kind: 'refused'; reason: string };

function readBlock(raw: string): { answer: Answer; feedback: string } {
  const [body, ...general] = raw.split(/(?<!\\)####/);
  const feedback = general.join('####').trim();
  const text = body.trim();
  if (!text) return { answer: { kind: 'essay' }, feedback };
  const tf = /^(T|TRUE|F|FALSE)\s*(#.*)?$/s.exec(text);
  if (tf) return { answer: { kind: 'tf', value: tf[1].startsWith('T') }, feedback };
  if (text.startsWith('#')) {
    // numerical: {#3.14:0.01} a value and its tolerance, {#1..5} a range; several as {#=3:0 =%50%3:1}
    const accepted: string[] = [];
    let narrowed: string | undefined;
    const items = text.slice(1).trim().startsWith('=') ? splitUnescaped(text.slice(1).trim(), /[=~]/) : [text.slice(1)];
    for (const item of items) {
      const m = /^(=|~)?\s*(%(-?\d+(?:\.\d+)?)%)?\s*([^#]*)/s.exec(item.trim());
      if (!m || m[1] === '~' || (m[3] !== undefined && Number(m[3]) < 99.99)) continue;
      const value = m[4].trim();
      if (value.includes('..')) return { answer: { kind: 'refused', reason: RefuseReason.numericRange(value) }, feedback };
      const [n, tolerance = ''] = value.split(':').map((v) => v.trim());
      if (!n) continue;
      accepted.push(n);
      if (tolerance && Number(tolerance) !== 0) narrowed ??= RefuseReason.numericTolerance(n, tolerance);
    }
    return {
      answer: accepted.length ? { kind: 'short', accepted, narrowed } : { kind: 'refused', reason: RefuseReason.noRightAnswer },
      feedback,
    };
  }
  const items = splitUnescaped(text, /[=~]/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (items.some((i) => i.startsWith('=') && /(?<!\\)->/.test(i)))
    return { answer: { kind: 'refused', reason: RefuseReason.matching }, feedback };
  const parsed = items.map((item) => {
    const m = /^([=~])\s*(?:%(-?\d+(?:\.\d+)?)%)?([\s\S]*)$/.exec(item) ?? ['', '~', undefined, item];
    const [value] = splitUnescaped(m[3], /#/);
    const fraction = m[2] !== undefined ? Number(m[2]) : m[1] === '=' ? 100 : 0;
    return { sign: m[1], weighted: m[2] !== undefined, fraction, value: htmlToText(formatted(value)) };
  });
  if (parsed.every((p) => p.sign === '=')) {
    const accepted = parsed.filter((p) => p.fraction >= 99.99 && p.value).map((p) => p.value);
    return { answer: accepted.length ? { kind: 'short', accepted } : { kind: 'refused', reason: RefuseReason.noRightAnswer }, feedback };
  }
  return {
    answer: {
      kind: 'choice',
      options: parsed.map((p) => p.value),
      fractions: parsed.map((p) => p.fraction),
      // {=a ~b} is a single choice; weights on every answer ({~%50%a ~%50%b}) are "multiple answers"
      single: parsed.some((p) => p.sign === '=' && !p.weighted),
    },
    feedback,
  };
}

export function parseGift(text: string): ParsedBank {
  const bank: ParsedBank = { questions: [], refused: [], narrowed: [], images: new Map() };
  let category: string[] = [];
  let index = 0;
  let meta: { score?: number; difficulty?: number; answer?: string } = {};
  const paragraphs: { lines: string[]; meta: typeof meta; category: string[]; line: number }[] = [];
  let lines: string[] = [];
  let first = 0;
  const flush = () => {
    if (lines.length) paragraphs.push({ lines, meta, category, line: first });
    lines = [];
    meta = {};
  };
  const all = text.replace(/^\uFEFF/, '').split(/\r?\n/);
  for (let n = 0; n < all.length; n++) {
    const line = all[n];
    const m = META.exec(line.trim());
    if (m) {
      // our own comment opens the next question, even without a blank line before it
      if (lines.length) flush();
      try {
        meta = JSON.parse(m[1]);
      } catch {
        meta = {};
      }
      continue;
    }
    if (line.trim().startsWith('//')) continue;
    if (!line.trim()) flush();
    else if (/^\s*\$CATEGORY:/.test(line)) {
      flush();
      category = categoryPath(line.replace(/^\s*\$CATEGORY:/, '').trim());
    } else {
      // a `::title::` line starts a question even without the blank line before it: a question
      // whose braces do not close (or that lacks its blank line) must not swallow the next one
      if (lines.length && line.trimStart().startsWith('::')) flush();
      if (!lines.length) first = n + 1;
      lines.push(line);
    }
  }
  flush();
  for (const p of paragraphs) {
    index++;
    let source = p.lines.join('\n');
    if (source.length > QUESTION_TEXT_MAX) {
      bank.refused.push({
        index,
        name: nameOf('', escapeHtml(source.slice(0, 200))),
        reason: RefuseReason.tooLong(QUESTION_TEXT_MAX),
        unreadable: true,
      });
      continue;
    }
    let title = '';
    const t = titleOf(source);
    if (t) {
      title = unescapeGift(t.title).trim();
      source = t.rest;
    }
    const blocks = blocksOf(source);
    const name = nameOf(title, formatted(blocks ? withoutBlocks(source, blocks) : source.replace(/[{}]/g, ' ')));
    const refuse = (reason: string) => bank.refused.push({ index, name, reason });
    if (!blocks) {
      bank.refused.push({ index, name, reason: GiftMsg.braces(p.line), unreadable: true });
      continue;
    }
    if (!blocks.length) {
      refuse(RefuseReason.description);
      continue;
    }
    const read = blocks.map((b) => readBlock(b.body));
    const refusedBlock = read.find((r) => r.answer.kind === 'refused')?.answer;
    if (refusedBlock?.kind === 'refused') {
      refuse(refusedBlock.reason);
      continue;
    }
    if (blocks.length > 1 && read.some((r) => r.answer.kind !== 'short')) {
      refuse(RefuseReason.mixed);
      continue;
    }
    // the block is cut out: at the end of the text it goes, inside the text it leaves a blank
    let stemSource = '';
    let at = 0;
    for (const b of blocks) {
      const tail = source.slice(b.end).trim();
      stemSource += source.slice(at, b.start) + (tail || read[0].answer.kind === 'short' ? '（）' : '');
      at = b.end;
    }
    stemSource += source.slice(at);
    const qName = formatted(stemSource);
    const analysis = read
      .map((r) => r.feedback)
      .filter(Boolean)
      .map(formatted)
      .join('');
    const base = { index, name, qName, analysis, category: p.category, score: p.meta.score, difficulty: p.meta.difficulty };
    const narrowed = read.map((r) => (r.answer.kind === 'short' ? r.answer.narrowed : undefined)).find(Boolean);
    if (narrowed) bank.narrowed.push({ index, name, reason: narrowed });
    const push = (v: Pick<InterchangeQuestion, 'qType' | 'options' | 'answer'>) => bank.questions.push({ ...base, ...v });
    const a = read[0].answer;
    if (a.kind === 'essay') push({ qType: QType.Essay, options: [], answer: p.meta.answer || NO_REFERENCE });
    else if (a.kind === 'tf') push({ qType: QType.Judge, options: [], answer: a.value ? 'A' : 'B' });
    else if (a.kind === 'short') {
      const blanks = read.map((r) => (r.answer.kind === 'short' ? r.answer.accepted.join('|') : ''));
      bank.questions.push({ ...base, qName: withBlank(qName), qType: QType.Blank, options: [], answer: JSON.stringify(blanks) });
    } else if (a.kind === 'choice') {
      if (a.options.length > 9) refuse(RefuseReason.tooManyOptions(a.options.length));
      else if (!a.fractions.some((f) => f > 0)) refuse(RefuseReason.noRightAnswer);
      else
        push({
          qType: choiceType(a.fractions, a.single),
          options: a.options,
          answer: a.fractions.map((f, i) => (f > 0 ? LETTERS[i] : '')).join(''),
        });
    }
  }
  return bank;
}

// ---------- writing ----------

const esc = (s: string) => s.replace(/[\\~=#{}:]/g, (c) => `\\${c}`).replace(/\r?\n/g, '\\n');

/** GIFT of bank questions. Stored images stay links to this site (GIFT carries no files). */
export function writeGift(questions: BankQuestion[]): string {
  const out: string[] = ['// 学途题库导出（GIFT）', ''];
  let lastCategory: string | null = null;
  for (const q of questions) {
    const cat = ['$course$', 'top', ...q.category.map((c) => c.replace(/\//g, '//'))].join('/');
    if (cat !== lastCategory) {
      out.push(`$CATEGORY: ${cat}`, '');
      lastCategory = cat;
    }
    const meta: Record<string, unknown> = { score: q.score, difficulty: q.difficulty };
    if (q.qType === QType.Essay) meta.answer = q.answer;
    const title = `::${esc(htmlToText(q.qName).slice(0, 40) || q.qCode)}::`;
    const feedback = q.analysis ? ` ####[html]${esc(q.analysis)}` : '';
    let text = `[html]${esc(q.qName)}`;
    let block = '';
    if (q.qType === QType.Single || q.qType === QType.Multiple) {
      const right = new Set([...q.answer]);
      const weight = Math.round((100 / right.size) * 100000) / 100000;
      block = q.options
        .map((o, i) =>
          q.qType === QType.Single ? `${right.has(LETTERS[i]) ? '=' : '~'}${esc(o)}` : `~%${right.has(LETTERS[i]) ? weight : 0}%${esc(o)}`,
        )
        .join(' ');
    } else if (q.qType === QType.Judge) block = q.answer === 'A' ? 'TRUE' : 'FALSE';
    else if (q.qType === QType.Blank) {
      const blanks = parseBlankAnswer(q.answer) ?? [];
      let i = 0;
      text = `[html]${esc(q.qName).replace(BLANK_MARK, () => {
        const alts = (blanks[i++] ?? '').split('|').filter(Boolean);
        return `{${alts.map((a) => `=${esc(a)}`).join(' ')}${i === blanks.length ? feedback : ''}}`;
      })}`;
      out.push(`// xuetu ${JSON.stringify(meta)}`, `${title}${text}`, '');
      continue;
    }
    out.push(`// xuetu ${JSON.stringify(meta)}`, `${title}${text} {${block}${feedback}}`, '');
  }
  return out.join('\n');
}
