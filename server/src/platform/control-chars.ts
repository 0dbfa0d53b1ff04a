// PostgreSQL refuses NUL in text and other control characters have no place in form input: one
// check for every string of every route's input, before the schema, naming the field.
// Tab, line feed and carriage return stay allowed (multi-line text fields).

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding them is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** The path of the first string (or key) in `value` holding a control character, else null. */
export function findControlCharacter(value: unknown, path: string[] = [], depth = 0): string | null {
  if (typeof value === 'string') return CONTROL.test(value) ? path.join('.') || 'value' : null;
  if (!value || typeof value !== 'object' || depth > 20) return null;
  const entries = Array.isArray(value) ? value.map((v, i) => [String(i), v] as const) : Object.entries(value);
  for (const [key, v] of entries) {
    if (CONTROL.test(key)) return [...path, key.replace(new RegExp(CONTROL.source, 'g'), '?')].join('.');
    const found = findControlCharacter(v, [...path, key], depth + 1);
    if (found) return found;
  }
  return null;
}

export const controlCharacterMessage = (field: string) => `参数 ${field} 含有不允许的控制字符，请删除后重试`;
