import { describe, expect, it } from 'vitest';
import { likeContains } from './like.ts';

describe('likeContains', () => {
  it('wraps the text in % and escapes the wildcards and the escape character', () => {
    expect(likeContains('安全')).toBe('%安全%');
    expect(likeContains('100%_a\\b')).toBe('%100\\%\\_a\\\\b%');
  });
});
