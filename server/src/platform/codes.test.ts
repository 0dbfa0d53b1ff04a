import { describe, expect, it } from 'vitest';
import { newCode } from './codes.ts';

describe('codes of new objects', () => {
  it('stay unique for a large import made within a few milliseconds', () => {
    const codes = Array.from({ length: 200_000 }, () => newCode('Q'));
    expect(new Set(codes).size).toBe(codes.length);
    expect(codes[0]).toMatch(/^Q[0-9A-Z]+$/);
  });
});
