import { afterAll, describe, expect, it } from 'vitest';
import { openTestCache } from '../../test/helper.ts';
import { type Cache, MemoryCache } from './cache.ts';
import { ManualClock } from './clock.ts';

// The same behaviour from the in-process cache and from Redis (when REDIS_URL is set). The
// in-process one ages on a ManualClock (moved, not slept for); Redis ages in real time.
const clock = new ManualClock();
const backends: [string, () => Promise<Cache>][] = [['memory', async () => new MemoryCache(undefined, clock)]];
if (process.env.REDIS_URL) backends.push(['redis', openTestCache]);

const wait = async (cache: Cache, ms: number) => {
  if (cache.kind === 'memory') clock.advance(ms);
  else await new Promise((r) => setTimeout(r, ms));
};

describe.each(backends)('%s cache', (_name, open) => {
  let cache: Cache;
  afterAll(() => cache?.close());

  it('stores, reads and deletes JSON values', async () => {
    cache = await open();
    await cache.set('a', { n: 1, s: '学途' }, 60);
    expect(await cache.get('a')).toEqual({ n: 1, s: '学途' });
    await cache.set('nullish', null, 60);
    expect(await cache.get('nullish')).toBeNull();
    await cache.del('a');
    expect(await cache.get('a')).toBeUndefined();
  });

  it('reads several keys at once, in order, with undefined for the absent ones', async () => {
    await cache.set('m1', { n: 1 }, 60);
    await cache.set('m3', null, 60);
    expect(await cache.getMany('m1', 'm2', 'm3')).toEqual([{ n: 1 }, undefined, null]);
    expect(await cache.getMany()).toEqual([]);
  });

  it('expires values', async () => {
    await cache.set('short', 'x', 1);
    expect(await cache.get('short')).toBe('x');
    await wait(cache, 1100);
    expect(await cache.get('short')).toBeUndefined();
  });

  it('counts within a window', async () => {
    expect(await cache.incr('c', 60)).toBe(1);
    expect(await cache.incr('c', 60)).toBe(2);
    expect(await cache.incr('c', 60)).toBe(3);
  });

  it('renews and deletes a key only while it holds the given value (a lock and its holder)', async () => {
    await cache.set('lock', 'holder-a', 1);
    expect(await cache.renewIfEquals('lock', 'holder-b', 60)).toBe(false);
    expect(await cache.delIfEquals('lock', 'holder-b')).toBe(false);
    expect(await cache.get('lock')).toBe('holder-a');
    expect(await cache.renewIfEquals('lock', 'holder-a', 60)).toBe(true);
    // renewed: still there after its first lifetime
    await wait(cache, 1100);
    expect(await cache.get('lock')).toBe('holder-a');
    expect(await cache.delIfEquals('lock', 'holder-a')).toBe(true);
    expect(await cache.get('lock')).toBeUndefined();
    expect(await cache.renewIfEquals('lock', 'holder-a', 60)).toBe(false);
    expect(await cache.delIfEquals('lock', 'holder-a')).toBe(false);
  });

  it('deletes by prefix', async () => {
    await cache.set('home:a', 1, 60);
    await cache.set('home:b', 2, 60);
    await cache.set('other', 3, 60);
    await cache.delPrefix('home:');
    expect(await cache.get('home:a')).toBeUndefined();
    expect(await cache.get('home:b')).toBeUndefined();
    expect(await cache.get('other')).toBe(3);
  });
});
