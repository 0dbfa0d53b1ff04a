import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { MIN_NODE, nodeTooOld } from './node-version.ts';

describe('the Node the server needs', () => {
  it("is package.json's engines", () => {
    const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as { engines: { node: string } };
    expect(pkg.engines.node).toBe(`>=${MIN_NODE}`);
  });

  it('refuses an older major or minor, takes the same or newer', () => {
    expect(['20.20.2', '26.9.9', '25.99.0'].map((v) => nodeTooOld(v))).toEqual([true, true, true]);
    expect(['26.10.0', '26.11.1', '27.0.0'].map((v) => nodeTooOld(v))).toEqual([false, false, false]);
  });
});
