import { AnswerMsg, QType } from '@xuetu/contract';

// The answer column of the question workbook in the administrator's own words (issue 23 item 8).
// The stored forms (A/B for true/false, a JSON array for fill-in) stay accepted, so an export
// re-imports as it is; everything else is turned into them before the editor's rules run.

const TRUE_WORDS = ['对', '正确', '是', '√', '✓', '✔', 'A', 'T', 'TRUE', 'Y', 'YES'];
const FALSE_WORDS = ['错', '错误', '否', '×', '✗', '✘', 'X', 'B', 'F', 'FALSE', 'N', 'NO'];

export const ImportAnswerMsg = {
  judge: '判断题答案请填 对 或 错（也可填 正确/错误、√/×、A/B、T/F）',
  blankHint: '；各空之间用 ； 分隔，同一空的备选答案用 | 分隔，如 北京|北京市；1949',
} as const;

/** 对/错, 正确/错误, √/×, A/B, T/F (any case, full-width letters too) → A or B; else the text as is. */
export function judgeAnswer(text: string): string {
  const word = text
    .trim()
    .replace(/[Ａ-Ｚａ-ｚ]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0))
    .toUpperCase();
  if (TRUE_WORDS.includes(word)) return 'A';
  if (FALSE_WORDS.includes(word)) return 'B';
  return text;
}

/** A JSON array of strings, the stored form, when the cell holds one. */
function jsonBlanks(text: string): string[] | null {
  if (!text.trimStart().startsWith('[')) return null;
  try {
    const value = JSON.parse(text);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? value : null;
  } catch {
    return null;
  }
}

/**
 * Fill-in: `北京|北京市；1949` — `；` or `;` (or a line break) between blanks, `|` (or `｜`) between
 * the accepted alternatives of one blank — or the stored JSON array. Answers the JSON array text.
 */
export function blankAnswer(text: string): string {
  const json = jsonBlanks(text);
  if (json) return JSON.stringify(json);
  const blanks = text
    .trim()
    .split(/[；;\r\n]+/)
    .map((blank) =>
      blank
        .split(/[|｜]/)
        .map((alt) => alt.trim())
        .filter(Boolean)
        .join('|'),
    );
  // a trailing separator ("北京；") is not an extra blank
  while (blanks.length > 1 && !blanks[blanks.length - 1]) blanks.pop();
  return JSON.stringify(blanks);
}

/** The answer cell in the stored form of its question type (other types pass unchanged). */
export function importAnswer(qType: number, text: string): string {
  if (!text.trim()) return '';
  if (qType === QType.Judge) return judgeAnswer(text);
  if (qType === QType.Blank) return blankAnswer(text);
  return text;
}

/** The editor's answer message, said in the workbook's terms where they differ. */
export function importAnswerMessage(qType: number, message: string): string {
  if (qType === QType.Judge && message === AnswerMsg.judgeFormat) return ImportAnswerMsg.judge;
  if (qType === QType.Blank && (message === AnswerMsg.blankFormat || /^题干有 \d+ 个空/.test(message)))
    return `${message === AnswerMsg.blankFormat ? '填空题答案格式不正确' : message}${ImportAnswerMsg.blankHint}`;
  return message;
}
