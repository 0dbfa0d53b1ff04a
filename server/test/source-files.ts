import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/**
 * The server's product files below `dir` (absolute paths): every `.ts` but tests and type-only
 * checks (`*.test.ts`, `*.typecheck.ts`). What the architecture tests (module boundaries, one
 * way per concern) read.
 */
export function productFiles(dir: string, out: string[] = []): string[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, entry.name);
    if (entry.isDirectory()) productFiles(p, out);
    else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') && !entry.name.endsWith('.typecheck.ts')) out.push(p);
  }
  return out;
}
