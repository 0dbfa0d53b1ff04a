import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { inlineScriptHashes } from './security-headers.ts';

describe('CSP hashes of the built index.html', () => {
  it('allows exactly the inline scripts of the page, by their sha256', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xuetu-csp-'));
    const inline = '(function(p){console.log(p)})({"/home":["/assets/a.js"]})';
    writeFileSync(
      join(dir, 'index.html'),
      `<html><head><script type="module" crossorigin src="/assets/index.js"></script><script>${inline}</script></head><body><script></script></body></html>`,
    );
    const expected = `'sha256-${createHash('sha256').update(inline).digest('base64')}'`;
    expect(inlineScriptHashes(dir)).toEqual([expected]);
  });

  it('adds nothing without a build', () => {
    expect(inlineScriptHashes(join(tmpdir(), 'no-such-build'))).toEqual([]);
    expect(inlineScriptHashes(undefined)).toEqual([]);
  });
});
