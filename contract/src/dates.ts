// Dates on the wire are `yyyy-MM-dd HH:mm:ss` in China time (UTC+8, no daylight saving).
import { EMPTY_DATE } from './limits.ts';

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

export function formatDateTime(date: Date | null | undefined): string {
  if (!date || Number.isNaN(date.getTime())) return EMPTY_DATE;
  return new Date(date.getTime() + CHINA_OFFSET_MS).toISOString().slice(0, 19).replace('T', ' ');
}

export function formatDate(date: Date | null | undefined): string {
  return formatDateTime(date).slice(0, 10);
}

/** Parses `yyyy-MM-dd[ HH:mm[:ss]]` as China time; the empty-date sentinel and blanks give null. */
export function parseDateTime(text: string | null | undefined): Date | null {
  if (!text) return null;
  const m = /^(\d{4})-(\d{2})-(\d{2})(?:[ T](\d{2}):(\d{2})(?::(\d{2}))?)?$/.exec(text.trim());
  if (!m) return null;
  if (text.startsWith('1900-01-01')) return null;
  const [, y, mo, d, h = '00', mi = '00', s = '00'] = m;
  const utc = Date.UTC(+y, +mo - 1, +d, +h, +mi, +s) - CHINA_OFFSET_MS;
  const date = new Date(utc);
  return Number.isNaN(date.getTime()) ? null : date;
}

export function isEmptyDate(text: string | null | undefined): boolean {
  return !text || text.startsWith('1900-01-01');
}
