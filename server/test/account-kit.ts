// Helpers for the account tests: calls from a chosen IP, codes from the outbox, solved captchas.
import type { AccountChoice, Envelope } from '@xuetu/contract';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { guardCounters } from '../src/db/schema/installation.ts';
import { newChallenge } from '../src/platform/captcha.ts';
import { clearCounters, readCounters } from '../src/platform/counters.ts';
import type { TestApp } from './helper.ts';

export const U = '/Api/User/user_user';

export async function call<T = unknown>(
  t: TestApp,
  path: string,
  body: Record<string, unknown> = {},
  opts: { ip?: string; token?: string; method?: 'GET' | 'POST' } = {},
): Promise<Envelope<T>> {
  const headers: Record<string, string> = {};
  if (opts.token) headers.ydAuthorization = `Bearer ${opts.token}`;
  const method = opts.method ?? 'POST';
  const res = await t.inject({
    method,
    url: `/prod-api${path}`,
    remoteAddress: opts.ip ?? '10.0.0.1',
    headers,
    ...(method === 'GET' ? { query: body as Record<string, string> } : { payload: body }),
  });
  return res.json();
}

/** The latest code the outbox holds for a phone. */
export async function outboxCode(t: TestApp, phone: string): Promise<string> {
  const res = await call<{ code: string }>(t, '/__dev/sms', { phone }, { method: 'GET' });
  if (!res.success) throw new Error(`no sms for ${phone}: ${res.msg}`);
  return res.data.code;
}

/** Solves a real challenge as the browser widget does; answers Ticket and Randstr. */
export async function solveCaptcha(t: TestApp): Promise<{ ticket: string; randstr: string }> {
  const challenge = await newChallenge(t.ctx);
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('captcha not solved');
  const payload = { challenge: { parameters: challenge.parameters, signature: challenge.signature }, solution };
  return { ticket: Buffer.from(JSON.stringify(payload)).toString('base64'), randstr: challenge.parameters.salt };
}

export const secrets = (res: Envelope<AccountChoice[]>) => res.data.map((c) => c.item2);

/** Sets a guessing counter (platform/counters.ts) as if `count` failures had happened. */
export async function setCounter(t: TestApp, key: string, count: number, windowSeconds = 3600): Promise<void> {
  const expiresAt = new Date(t.ctx.clock.now().getTime() + windowSeconds * 1000);
  await t.ctx.db
    .insert(guardCounters)
    .values({ key, count, expiresAt })
    .onConflictDoUpdate({ target: guardCounters.key, set: { count, expiresAt } });
}

/** The live value of a guessing counter (undefined when none). */
export async function counterOf(t: TestApp, key: string): Promise<number | undefined> {
  const [n] = await readCounters(t.ctx, [key]);
  return n || undefined;
}

export const clearCounter = (t: TestApp, key: string) => clearCounters(t.ctx, [key]);
