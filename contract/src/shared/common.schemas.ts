import { z } from 'zod';
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from '../limits.ts';

/** The response envelope every call answers with. */
export interface Envelope<T = unknown> {
  success: boolean;
  msg: string;
  data: T;
  errorCode: number;
  /** failures only: the stable string code (`AppErrorCode`) clients and tests compare */
  code?: string;
}

export interface PageResult<T> {
  models: T[];
  totalCount: number;
}

/** Paging accepts pageIndex with pageSize or pageRows (DESIGN.md §2). Field names match case-insensitively. */
export const pagingShape = {
  pageIndex: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
  pageRows: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional(),
};
export const pagingSchema = z.object(pagingShape);

/**
 * The range of PostgreSQL `integer`, the type of the id columns: a number outside it names no
 * row, and sent to the database it fails the statement (a 500). Id fields refuse it as bad input.
 */
export const DB_INT_MIN = -(2 ** 31);
export const DB_INT_MAX = 2 ** 31 - 1;
export type Paging = z.infer<typeof pagingSchema>;

export function pageWindow(p: { pageIndex?: number; pageSize?: number; pageRows?: number }, fallback = PAGE_SIZE_DEFAULT) {
  const size = p.pageSize ?? p.pageRows ?? fallback;
  const index = p.pageIndex ?? 1;
  return { limit: size, offset: (index - 1) * size };
}

export const emptySchema = z.object({}).passthrough();

/**
 * A person's name where it is shown to someone who may not know them (the reset wizard's account
 * chooser, a certificate's public verification): 张三 → 张*, 张小三 → 张*三, 欧阳小明 → 欧**明;
 * the first and last character stay.
 */
export function maskName(name: string): string {
  const chars = [...name.trim()];
  if (chars.length <= 1) return chars.join('');
  if (chars.length === 2) return `${chars[0]}*`;
  return `${chars[0]}${'*'.repeat(chars.length - 2)}${chars[chars.length - 1]}`;
}
