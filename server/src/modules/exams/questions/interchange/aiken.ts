import { QType } from '@xuetu/contract';
import { escapeHtml, nameOf, type ParsedBank, RefuseReason } from './model.ts';

// Aiken ("Aiken format", docs.moodle.org): single-answer choice questions as plain text — the
// question on its line(s), each option as "A. text" or "A) text", then "ANSWER: B". Questions are
// separated by blank lines. Nothing else exists in Aiken, so nothing else is read.

const OPTION = /^([A-Z])[.)．）]\s*(.*)$/;
const ANSWER = /^ANSWER\s*[:：]\s*([A-Z])\s*$/i;

/** True when the text reads as Aiken: some "ANSWER: X" line right after options, and no GIFT braces. */
export function looksLikeAiken(text: string): boolean {
  return /^ANSWER\s*[:：]\s*[A-Z]\s*$/im.test(text) && !/(?<!\\)\{[^}]*\}/.test(text);
}

export function parseAiken(text: string): ParsedBank {
  const bank: ParsedBank = { questions: [], refused: [], images: new Map() };
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
    const refuse = (reason: string) => bank.refused.push({ index, name, reason });
    if (!answer) refuse('缺少 ANSWER 行');
    else if (options.length > 9) refuse(RefuseReason.tooManyOptions(options.length));
    else if (answer.charCodeAt(0) - 65 >= options.length) refuse(`答案 ${answer} 不在选项中`);
    else bank.questions.push({ index, name, qType: QType.Single, qName, options, answer, analysis: '', category: [] });
  }
  return bank;
}
