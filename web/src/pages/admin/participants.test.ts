import { describe, expect, it } from 'vitest';
import { mergePeople, pickIds } from './participants';

describe('editor participants', () => {
  it('merges picks without duplicates', () => {
    expect(
      mergePeople(
        [{ id: 1, name: 'a' }],
        [
          { id: 1, name: 'a' },
          { id: 2, name: 'b' },
        ],
      ).map((p) => p.id),
    ).toEqual([1, 2]);
    expect(pickIds({ users: [{ id: 1, name: 'a' }], orgs: [], posts: [{ id: 3, name: 'p' }] })).toEqual({
      users: [1],
      orgs: [],
      posts: [3],
    });
  });
});
