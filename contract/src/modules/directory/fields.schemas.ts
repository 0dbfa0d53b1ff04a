import { z } from 'zod';
import { DB_INT_MAX, DB_INT_MIN } from '../../shared/common.schemas.ts';

/** A string field: absent or null read as '' (the old clients send nulls). */
export const text = (max: number) =>
  z.preprocess((v) => (v === null || v === undefined ? '' : typeof v === 'number' ? String(v) : v), z.string().trim().max(max));
export const optId = z.preprocess(
  (v) => (v === '' || v === null ? undefined : v),
  z.coerce.number().int().min(DB_INT_MIN).max(DB_INT_MAX).optional(),
);
export const id = (msg = '参数 id 有误') => z.coerce.number({ error: msg }).int(msg).min(DB_INT_MIN, msg).max(DB_INT_MAX, msg);
