import { describe, expect, it } from 'vitest';
import { LEAN_PAGE_PATHS } from '../app/leanPages';
import { isLeanPage, layoutPages, menuPages } from './registry';

describe('the lean pages (ADR 0050)', () => {
  it('are the same in the registry and in the list the build reads (app/leanPages.ts)', () => {
    const pages = { ...menuPages, ...Object.fromEntries(Object.entries(layoutPages).flatMap(([p, e]) => (e.page ? [[p, e.page]] : []))) };
    const lean = Object.entries(pages)
      .filter(([, component]) => isLeanPage(component))
      .map(([path]) => path.toLowerCase());
    expect(lean.sort()).toEqual([...LEAN_PAGE_PATHS].sort());
    expect(lean).toContain('/dashboard');
  });
});
