import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { AppErrorMessages } from '@xuetu/contract';
import { describe, expect, it } from 'vitest';

const MODULES = join(import.meta.dirname, '../modules');

/** Files that still throw inline texts (code FAILED); new code uses appError(code). Shrink, never grow. */
const NOT_YET_CODED = new Set([
  'imports/service.ts',
  'imports/workbook.ts',
  'imports/zip-guard.ts',
  'portal/routes.ts',
  'userexam/result-pdf.ts',
]);

/** A Chinese text written straight into a thrown error or a success answer. */
const INLINE = /\b(?:fail|notFound|AppError|withMsg)\((?:[^()]*,\s*)?\s*['`][^'`]*[\u4e00-\u9fff]/;

function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : e.name.endsWith('.ts') && !e.name.endsWith('.test.ts') ? [join(dir, e.name)] : [],
  );
}

describe('error codes', () => {
  it('are upper-snake strings with a Chinese message each', () => {
    for (const [code, msg] of Object.entries(AppErrorMessages)) {
      expect(code).toMatch(/^[A-Z][A-Z0-9_]*$/);
      expect(msg, code).toMatch(/[\u4e00-\u9fff]/);
    }
  });

  it('services and routes throw coded errors, not inline Chinese texts', () => {
    const offenders = sources(MODULES)
      .map((f) => relative(MODULES, f).replaceAll('\\', '/'))
      .filter((f) => !NOT_YET_CODED.has(f))
      .flatMap((f) =>
        readFileSync(join(MODULES, f), 'utf8')
          .split('\n')
          .map((line, i) => (INLINE.test(line) ? `${f}:${i + 1}: ${line.trim()}` : ''))
          .filter(Boolean),
      );
    expect(offenders).toEqual([]);
  });
});
