import { z } from 'zod';

/**
 * Request field names match case-insensitively (`PageIndex` = `pageIndex`): renames the keys of
 * `input` to the spelling the schema uses, recursively through nested objects and arrays.
 */
export function normalizeKeys(schema: z.ZodType, input: unknown): unknown {
  const inner = unwrap(schema);
  if (inner instanceof z.ZodObject && isPlainObject(input)) {
    const shape = inner.shape as Record<string, z.ZodType>;
    const byLower = new Map(Object.keys(shape).map((k) => [k.toLowerCase(), k]));
    const out: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(input)) {
      const canonical = byLower.get(key.toLowerCase());
      if (canonical === undefined) {
        if (!(key in out)) out[key] = value;
        continue;
      }
      out[canonical] = normalizeKeys(shape[canonical], value);
    }
    return out;
  }
  if (inner instanceof z.ZodArray && Array.isArray(input)) {
    return input.map((item) => normalizeKeys(inner.element as z.ZodType, item));
  }
  return input;
}

function unwrap(schema: z.ZodType): z.ZodType {
  let s: z.ZodType = schema;
  for (let i = 0; i < 10; i++) {
    if (s instanceof z.ZodOptional || s instanceof z.ZodNullable) s = s.unwrap() as z.ZodType;
    else if (s instanceof z.ZodDefault || s instanceof z.ZodPrefault) s = s.def.innerType as z.ZodType;
    else if (s instanceof z.ZodPipe) s = s.def.in as z.ZodType;
    else break;
  }
  return s;
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}
