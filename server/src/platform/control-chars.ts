// PostgreSQL refuses NUL in text and other control characters have no place in form input: one
// check for every string of every route's input, before the schema, naming the field.
// Tab, line feed and carriage return stay allowed (multi-line text fields).
// Unpaired UTF-16 surrogates (half of an emoji cut by a length limit or a broken client) are no
// text either: a text column would silently store U+FFFD, a jsonb one (the audit detail) refuses
// them with a 500. They are refused here too, with their own message.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
/** a high surrogate not followed by a low one, or a low one not preceded by a high one */
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export type BadTextKind = 'control' | 'surrogate';

function badKind(s: string): BadTextKind | null {
  if (CONTROL.test(s)) return 'control';
  if (LONE_SURROGATE.test(s)) return 'surrogate';
  return null;
}

/** A key as it can be shown in a message: its offending characters replaced by `?`. */
const printable = (key: string) => key.replace(new RegExp(CONTROL.source, 'g'), '?').replace(new RegExp(LONE_SURROGATE.source, 'g'), '?');

/** The path of the first string (or key) in `value` holding a control character or a lone surrogate, and which, else null. */
export function findBadText(value: unknown, path: string[] = [], depth = 0): { field: string; kind: BadTextKind } | null {
  if (typeof value === 'string') {
    const kind = badKind(value);
    return kind ? { field: path.join('.') || 'value', kind } : null;
  }
  if (!value || typeof value !== 'object' || depth > 20) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    const keyKind = badKind(key);
    if (keyKind) return { field: [...path, printable(key)].join('.'), kind: keyKind };
    const found = findBadText(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export const controlCharacterMessage = (field: string) => `参数 ${field} 含有不允许的控制字符，请删除后重试`;
export const loneSurrogateMessage = (field: string) => `参数 ${field} 含有不完整的字符（如被截断的表情符号），请删除后重试`;

/** The Chinese message refusing `value`, or null when all its text is acceptable. */
export function badTextMessage(value: unknown): string | null {
  const found = findBadText(value);
  if (!found) return null;
  return found.kind === 'control' ? controlCharacterMessage(found.field) : loneSurrogateMessage(found.field);
}
