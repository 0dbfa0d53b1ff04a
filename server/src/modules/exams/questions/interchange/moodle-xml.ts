import { parseBlankAnswer, QType } from '@xuetu/contract';
import {
  type BankQuestion,
  BLANK_MARK,
  categoryPath,
  choiceType,
  escapeHtml,
  htmlToLines,
  htmlToText,
  type InterchangeQuestion,
  LETTERS,
  linesToHtml,
  NO_REFERENCE,
  nameOf,
  type ParsedBank,
  QUESTION_TEXT_MAX,
  RefuseReason,
  withBlank,
} from './model.ts';
import { child, elements, escapeXml, parseXml, textOf, type XmlElement } from './xml.ts';

// Moodle XML ("Moodle XML format", docs.moodle.org): <quiz> of <question type="…">; a question of
// type "category" sets the category of the ones after it. Rich text is <text> (HTML) with its
// images as <file name encoding="base64"> next to it, referenced as @@PLUGINFILE@@/name.

const REFUSED_TYPES: Record<string, string> = {
  matching: RefuseReason.matching,
  ddmatch: RefuseReason.matching,
  randomsamatch: RefuseReason.randomMatch,
  ddwtos: RefuseReason.dragdrop,
  ddimageortext: RefuseReason.dragdrop,
  ddmarker: RefuseReason.dragdrop,
  gapselect: RefuseReason.select,
  calculated: RefuseReason.calculated,
  calculatedsimple: RefuseReason.calculated,
  calculatedmulti: RefuseReason.calculated,
  ordering: RefuseReason.ordering,
  description: RefuseReason.description,
};

/** Rich text of an element with <text>, its images collected under their @@PLUGINFILE@@ reference. */
function richText(el: XmlElement | undefined, images: ParsedBank['images']): string {
  if (!el) return '';
  for (const f of elements(el, 'file')) {
    const name = f.attrs.name ?? '';
    if (!name || (f.attrs.encoding ?? 'base64') !== 'base64') continue;
    const path = (f.attrs.path ?? '/').replace(/^\/?/, '/').replace(/\/?$/, '/');
    images.set(`@@PLUGINFILE@@${encodeURI(path + name)}`, { name, data: Buffer.from(textOf(f).replace(/\s+/g, ''), 'base64') });
    images.set(`@@PLUGINFILE@@${path}${name}`, { name, data: Buffer.from(textOf(f).replace(/\s+/g, ''), 'base64') });
  }
  const text = textOf(child(el, 'text')).trim();
  const format = el.attrs.format ?? 'html';
  if (format === 'plain_text') return escapeHtml(text).replace(/\n/g, '<br>');
  if (format === 'markdown' || format === 'moodle_auto_format') return text.includes('<') ? text : escapeHtml(text).replace(/\n/g, '<br>');
  return text;
}

const fractionOf = (a: XmlElement) => Number(a.attrs.fraction ?? 0) || 0;
const numberIn = (el: XmlElement, local: string) => {
  const n = Number(textOf(child(el, local)).trim());
  return Number.isFinite(n) ? n : undefined;
};

/** The start of a cloze code, `{1:SHORTANSWER:` (bounded: tried in constant time at each `{`). */
const CLOZE_HEAD = /\{\d{0,9}:([A-Z_]{1,20}):/y;

/**
 * Cloze codes: {1:SHORTANSWER:=a~%100%b#fb} — only short-answer blanks map (to a fill-in). A
 * scanner: the pattern it replaces (`((?:\\.|[^}])*)\}`) backtracked exponentially on backslashes.
 */
function clozeBlanks(text: string): { stem: string; blanks: string[][] } | null {
  const blanks: string[][] = [];
  let ok = true;
  let stem = '';
  let at = 0;
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1)) {
    CLOZE_HEAD.lastIndex = i;
    const head = CLOZE_HEAD.exec(text);
    if (!head) continue;
    let end = -1;
    for (let k = CLOZE_HEAD.lastIndex; k < text.length; k++) {
      if (text[k] === '\\') k++;
      else if (text[k] === '}') {
        end = k;
        break;
      }
    }
    // no closing brace after this one: none after a later one either
    if (end < 0) break;
    if (!/^(SHORTANSWER|SA|MW|SHORTANSWER_C|SAC|MWC)$/.test(head[1])) ok = false;
    const alts: string[] = [];
    for (const part of text.slice(CLOZE_HEAD.lastIndex, end).split(/(?<!\\)~/)) {
      const m = /^(=|%(\d+(?:\.\d+)?)%)?((?:\\[\s\S]|[^#\\])*)/.exec(part);
      if (!m) continue;
      const right = m[1] === '=' || (m[2] !== undefined && Number(m[2]) >= 99.99);
      const value = m[3].replace(/\\(.)/g, '$1').trim();
      if (right && value) alts.push(value);
    }
    if (!alts.length) ok = false;
    blanks.push(alts);
    stem += `${text.slice(at, i)}（）`;
    at = end + 1;
    i = end;
  }
  stem += text.slice(at);
  return ok && blanks.length ? { stem, blanks } : null;
}

export function parseMoodleXml(text: string): ParsedBank {
  const root = parseXml(text);
  if (root.local !== 'quiz') throw new Error('not a Moodle quiz');
  const bank: ParsedBank = { questions: [], refused: [], narrowed: [], images: new Map() };
  let category: string[] = [];
  let index = 0;
  for (const q of elements(root, 'question')) {
    const type = q.attrs.type ?? '';
    if (type === 'category') {
      category = categoryPath(textOf(child(child(q, 'category'), 'text')));
      continue;
    }
    index++;
    const stem = richText(child(q, 'questiontext'), bank.images);
    const answers = elements(q, 'answer');
    if (answers.reduce((n, a) => n + textOf(a).length, stem.length) > QUESTION_TEXT_MAX) {
      bank.refused.push({
        index,
        name: nameOf(textOf(child(child(q, 'name'), 'text')).slice(0, 200), stem.slice(0, 200)),
        reason: RefuseReason.tooLong(QUESTION_TEXT_MAX),
        unreadable: true,
      });
      continue;
    }
    const name = nameOf(textOf(child(child(q, 'name'), 'text')), stem);
    const refuse = (reason: string) => bank.refused.push({ index, name, reason });
    if (REFUSED_TYPES[type]) {
      refuse(REFUSED_TYPES[type]);
      continue;
    }
    const base = {
      index,
      name,
      qName: stem,
      analysis: richText(child(q, 'generalfeedback'), bank.images),
      category,
      score: numberIn(q, 'defaultgrade'),
      difficulty: difficultyTag(q),
    };
    const push = (v: Pick<InterchangeQuestion, 'qType' | 'options' | 'answer'> & { qName?: string }) =>
      bank.questions.push({ ...base, ...v });
    switch (type) {
      case 'multichoice': {
        if (answers.length > 9) {
          refuse(RefuseReason.tooManyOptions(answers.length));
          break;
        }
        const fractions = answers.map(fractionOf);
        if (!fractions.some((f) => f > 0)) {
          refuse(RefuseReason.noRightAnswer);
          break;
        }
        const qType = choiceType(fractions, textOf(child(q, 'single')).trim() !== 'false');
        const letters = fractions.map((f, i) => (f > 0 ? LETTERS[i] : '')).join('');
        push({ qType, options: answers.map((a) => htmlToText(richText(a, bank.images))), answer: letters });
        break;
      }
      case 'truefalse': {
        const right = answers.find((a) => fractionOf(a) > 0);
        if (!right) {
          refuse(RefuseReason.noRightAnswer);
          break;
        }
        const word = htmlToText(textOf(child(right, 'text'))).toLowerCase();
        push({ qType: QType.Judge, options: [], answer: ['true', '对', '正确', 't'].includes(word) ? 'A' : 'B' });
        break;
      }
      case 'shortanswer':
      case 'numerical': {
        const right = answers.filter((a) => fractionOf(a) >= 99.99);
        const accepted = right.map((a) => htmlToText(textOf(child(a, 'text')))).filter((a) => a && a !== '*');
        if (!accepted.length) {
          refuse(RefuseReason.noRightAnswer);
          break;
        }
        const tolerant = type === 'numerical' ? right.find((a) => Number(textOf(child(a, 'tolerance')).trim() || 0) !== 0) : undefined;
        if (tolerant)
          bank.narrowed.push({
            index,
            name,
            reason: RefuseReason.numericTolerance(htmlToText(textOf(child(tolerant, 'text'))), textOf(child(tolerant, 'tolerance')).trim()),
          });
        push({ qType: QType.Blank, qName: withBlank(stem), options: [], answer: JSON.stringify([accepted.join('|')]) });
        break;
      }
      case 'multianswer': {
        const cloze = clozeBlanks(stem);
        if (!cloze) {
          refuse(RefuseReason.cloze);
          break;
        }
        push({ qType: QType.Blank, qName: cloze.stem, options: [], answer: JSON.stringify(cloze.blanks.map((b) => b.join('|'))) });
        break;
      }
      case 'essay': {
        const grader = htmlToLines(richText(child(q, 'graderinfo'), bank.images));
        push({ qType: QType.Essay, options: [], answer: grader || NO_REFERENCE });
        break;
      }
      default:
        refuse(RefuseReason.other(type || '未知'));
    }
  }
  return bank;
}

/** Our difficulty travels as a tag "难度:N" (Moodle keeps tags; it has no difficulty field). */
function difficultyTag(q: XmlElement): number | undefined {
  for (const t of elements(child(q, 'tags'), 'tag')) {
    const m = /^难度[:：]\s*([1-5])$/.exec(textOf(child(t, 'text')).trim());
    if (m) return Number(m[1]);
  }
  return undefined;
}

// ---------- writing ----------

const cdata = (s: string) => `<![CDATA[${s.replace(/]]>/g, ']]]]><![CDATA[>')}]]>`;
const textEl = (s: string) => `<text>${cdata(s)}</text>`;

/** An image the writer embeds: its bytes by the `/prod-api/files/<key>` URL the HTML holds. */
export type ImageSource = (url: string) => Promise<{ name: string; data: Buffer } | undefined>;

/** Rich text with its stored images embedded as @@PLUGINFILE@@ files. */
async function richOut(tag: string, html: string, images: ImageSource, extra = ''): Promise<string> {
  const files: string[] = [];
  const seen = new Map<string, string>();
  let out = html;
  for (const m of html.matchAll(/<img\b[^>]*\bsrc="([^"]+)"/gi)) {
    const url = m[1];
    if (seen.has(url)) continue;
    const img = await images(url);
    if (!img) continue;
    const name = `${files.length + 1}-${img.name.replace(/[^\w.-]/g, '_')}`;
    seen.set(url, name);
    files.push(`<file name="${escapeXml(name)}" path="/" encoding="base64">${img.data.toString('base64')}</file>`);
  }
  for (const [url, name] of seen) out = out.split(`src="${url}"`).join(`src="@@PLUGINFILE@@/${name}"`);
  return `<${tag} format="html"${extra}>${textEl(out)}${files.join('')}</${tag}>`;
}

const clozeEscape = (s: string) => s.replace(/[\\}~#/"]/g, (c) => `\\${c}`);

/** Moodle XML of bank questions; a category question before each directory's run. */
export async function writeMoodleXml(questions: BankQuestion[], images: ImageSource): Promise<string> {
  const out = ['<?xml version="1.0" encoding="UTF-8"?>', '<quiz>'];
  let lastCategory: string | null = null;
  for (const q of questions) {
    const cat = ['$course$', 'top', ...q.category.map((c) => c.replace(/\//g, '//'))].join('/');
    if (cat !== lastCategory) {
      out.push(`<question type="category"><category>${textEl(cat)}</category></question>`);
      lastCategory = cat;
    }
    const type = { 1: 'multichoice', 2: 'multichoice', 3: 'truefalse', 4: 'shortanswer', 5: 'essay' }[q.qType] ?? 'essay';
    const blanks = q.qType === QType.Blank ? (parseBlankAnswer(q.answer) ?? []) : [];
    const cloze = q.qType === QType.Blank && blanks.length > 1;
    let stem = q.qName;
    if (cloze) {
      let i = 0;
      stem = stem.replace(BLANK_MARK, () => {
        const alts = (blanks[i++] ?? '').split('|').filter(Boolean);
        return `{1:SHORTANSWER:${alts.map((a) => `=${clozeEscape(a)}`).join('~')}}`;
      });
    }
    const parts = [
      `<question type="${cloze ? 'multianswer' : type}">`,
      `<name>${textEl(htmlToText(q.qName).slice(0, 40) || q.qCode)}</name>`,
      await richOut('questiontext', stem, images),
      await richOut('generalfeedback', q.analysis, images),
      `<defaultgrade>${q.score}</defaultgrade>`,
      '<penalty>0</penalty>',
      '<hidden>0</hidden>',
      `<idnumber>${escapeXml(q.qCode)}</idnumber>`,
    ];
    if (q.qType === QType.Single || q.qType === QType.Multiple) {
      const right = new Set([...q.answer]);
      const each = q.qType === QType.Multiple ? Math.round((100 / right.size) * 100000) / 100000 : 100;
      parts.push(
        `<single>${q.qType === QType.Single}</single>`,
        '<shuffleanswers>0</shuffleanswers>',
        '<answernumbering>ABCD</answernumbering>',
      );
      q.options.forEach((o, i) => {
        const fraction = right.has(LETTERS[i]) ? each : 0;
        parts.push(
          `<answer fraction="${fraction}" format="html">${textEl(escapeHtml(o))}<feedback format="html"><text></text></feedback></answer>`,
        );
      });
    } else if (q.qType === QType.Judge) {
      for (const word of ['true', 'false'])
        parts.push(
          `<answer fraction="${(word === 'true') === (q.answer === 'A') ? 100 : 0}" format="moodle_auto_format"><text>${word}</text><feedback format="html"><text></text></feedback></answer>`,
        );
    } else if (q.qType === QType.Blank && !cloze) {
      parts.push('<usecase>0</usecase>');
      for (const alt of (blanks[0] ?? '').split('|').filter(Boolean))
        parts.push(
          `<answer fraction="100" format="moodle_auto_format">${textEl(alt)}<feedback format="html"><text></text></feedback></answer>`,
        );
    } else if (q.qType === QType.Essay) {
      parts.push(
        '<responseformat>editor</responseformat>',
        '<responserequired>1</responserequired>',
        '<responsefieldlines>15</responsefieldlines>',
        '<attachments>0</attachments>',
        '<attachmentsrequired>0</attachmentsrequired>',
        await richOut('graderinfo', linesToHtml(q.answer), images),
        '<responsetemplate format="html"><text></text></responsetemplate>',
      );
    }
    parts.push(`<tags><tag>${textEl(`难度:${q.difficulty}`)}</tag></tags>`, '</question>');
    out.push(parts.join('\n'));
  }
  out.push('</quiz>', '');
  return out.join('\n');
}
