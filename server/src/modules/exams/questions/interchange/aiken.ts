import { QType } from '@xuetu/contract';
import { escapeHtml, nameOf, type ParsedBank, QUESTION_TEXT_MAX, RefuseReason } from './model.ts';

// Aiken ("Aiken format", docs.moodle.org): single-answer choice questions as plain text — the
// question on its line(s), each option as "A. text" or "A) text", then "ANSWER: B". Questions are
// separated by blank lines. Nothing else exists in Aiken, so nothing else is read.

const OPTION = /^([A-Z])[.)．）]\s*(.*)$/;
const ANSWER = /^ANSWER\s*[:：]\s*([A-Z])\s*$/i;

/** True when the text has a GIFT answer block: an unescaped `{` with a `}` after it (a scan, not a backtracking pattern). */
function hasBraceBlock(text: string): boolean {
  for (let i = text.indexOf('{'); i >= 0; i = text.indexOf('{', i + 1))
    if (i === 0 || text[i - 1] !== '\\') return text.indexOf('}', i + 1) >= 0;
  return false;
}

/**
 * True when the text reads as Aiken and not GIFT: no GIFT braces, and some "ANSWER: X" line or
 * options "A." "B." on consecutive lines (a file whose ANSWER lines are missing is still Aiken,
 * and the check says which questions lack one).
 */
export function looksLikeAiken(text: string): boolean {
  if (hasBraceBlock(text)) return false;
  if (/^ANSWER\s*[:：]\s*[A-Z]\s*$/im.test(text)) return true;
  // [ \t]*, not \s*: with the m flag \s* would rescan every run of blank lines from each line
  return /^[ \t]*A[.)．）][^\n]*\r?\n[ \t]*B[.)．）]/m.test(text);
}

export function parseAiken(text: string): ParsedBank {
  const bank: ParsedBank = { questions: [], refused: [], narrowed: [], images: new Map() };
  const groups: string[][] = [];
  let cur: string[] = [];
  for (const raw of text.replace(/^\uFEFF/, '').split(/\r?\n/)) {
    const line = raw.trim();
    if (!line) {
      if (cur.length) groups.push(cur);
      cur = [];
      continue;
    }
    cur.push(line);
    // an answer line ends a question even without a blank line after it
    if (ANSWER.test(line)) {
      groups.push(cur);
      cur = [];
    }
  }
  if (cur.length) groups.push(cur);
  let index = 0;
  for (const lines of groups) {
    index++;
    if (lines.reduce((n, l) => n + l.length, 0) > QUESTION_TEXT_MAX) {
      bank.refused.push({
        index,
        name: nameOf('', escapeHtml(lines[0].slice(0, 200))),
        reason: RefuseReason.tooLong(QUESTION_TEXT_MAX),
        unreadable: true,
      });
      continue;
    }
    const stem: string[] = [];
    const options: string[] = [];
    let answer = '';
    for (const line of lines) {
      const a = ANSWER.exec(line);
      const o = OPTION.exec(line);
      if (a) answer = a[1].toUpperCase();
      else if (o && stem.length > 0 && o[1] === String.fromCharCode(65 + options.length)) options.push(o[2].trim());
      else if (options.length) options[options.length - 1] += ` ${line}`;
      else stem.push(line);
    }
    const qName = stem.map((l) => escapeHtml(l)).join('<br>');
    const name = nameOf('', qName);
    const refuse = (reason: string) => bank.refused.push({ index, name, reason, unreadable: true });
    if (!answer) refuse('缺少答案行（ANSWER: 正确选项的字母）');
    else if (options.length > 9) refuse(RefuseReason.tooManyOptions(options.length));
    else if (answer.charCodeAt(0) - 65 >= options.length) refuse(`答案 ${answer} 不在选项中`);
    else bank.questions.push({ index, name, qType: QType.Single, qName, options, answer, analysis: '', category: [] });
  }
  return bank;
}
