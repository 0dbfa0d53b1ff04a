import { randomBytes } from 'node:crypto';

/**
 * Codes of new objects (courses, notices, questions, papers, exams): a prefix, the time and 64
 * random bits, short enough to read in a URL. An import makes a thousand codes in the same
 * millisecond, so the random part must make a collision negligible (24 bits did not: about 3% of
 * 1,000-row imports hit a unique index).
 */
export const newCode = (prefix: string): string =>
  `${prefix}${Date.now().toString(36).toUpperCase()}${randomBytes(8).toString('hex').toUpperCase()}`;

/**
 * Shorter codes of administration objects (companies, departments, posts, roles, permissions): a
 * prefix and 48 random bits. These are made one at a time by a person, never a thousand at once.
 */
export const newShortCode = (prefix: string): string => `${prefix}${randomBytes(6).toString('hex').toUpperCase()}`;
