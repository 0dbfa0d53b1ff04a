import { createHash } from 'node:crypto';
import { accountApi, type CaptchaConfig } from '@xuetu/contract';
import { type Challenge, createChallenge, randomInt, type Solution, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { AppContext } from './context.ts';
import { claimOnce } from './markers.ts';

// Self-hosted proof-of-work captcha (ALTCHA, DESIGN.md §4). The widget solves a signed challenge;
// the solved payload travels in `Ticket`, the challenge salt in `Randstr`. A payload passes once.

export const CAPTCHA_APP_ID = 'altcha';
export const CHALLENGE_PATH = accountApi.getCaptchaChallenge.path;
const ALGORITHM = 'PBKDF2/SHA-256';
/** PBKDF2 iterations per try and the range of tries: ~0.3–1 s in a browser, no visible puzzle */
const COST = 500;
const COUNTER_MIN = 500;
const COUNTER_MAX = 2_000;
const CHALLENGE_TTL_S = 10 * 60;

export function captchaConfig(ctx: AppContext): CaptchaConfig {
  return { provider: ctx.env.CAPTCHA_PROVIDER, appId: CAPTCHA_APP_ID, challengeUrl: `/prod-api${CHALLENGE_PATH}` };
}

function keySecret(ctx: AppContext): string {
  // a second key derived from the first: signs the expected key so verifying costs one HMAC
  return createHash('sha256').update(`altcha-key:${ctx.env.CAPTCHA_SECRET}`).digest('hex');
}

/** A fresh signed challenge for the widget. */
export async function newChallenge(ctx: AppContext): Promise<Challenge> {
  return createChallenge({
    algorithm: ALGORITHM,
    cost: COST,
    counter: randomInt(COUNTER_MAX, COUNTER_MIN),
    deriveKey,
    expiresAt: Math.floor(Date.now() / 1000) + CHALLENGE_TTL_S,
    hmacSignatureSecret: ctx.env.CAPTCHA_SECRET,
    hmacKeySignatureSecret: keySecret(ctx),
  });
}

interface Payload {
  challenge: Challenge;
  solution: Solution;
}

function decodePayload(ticket: string): Payload | null {
  try {
    const json = JSON.parse(Buffer.from(ticket, 'base64').toString('utf8')) as Payload;
    if (!json || typeof json !== 'object' || !json.challenge?.parameters || !json.solution) return null;
    return json;
  } catch {
    return null;
  }
}

/**
 * Checks a captcha result (`ret` 0 on the client). True when the captcha is switched off
 * (CAPTCHA_PROVIDER=none) or the payload is genuine, unexpired, matches `randstr` and was not
 * used before.
 */
export async function verifyCaptcha(ctx: AppContext, ticket: string | undefined, randstr: string | undefined): Promise<boolean> {
  if (ctx.env.CAPTCHA_PROVIDER === 'none') return true;
  if (!ticket || ticket.length > 8000) return false;
  const payload = decodePayload(ticket);
  if (!payload) return false;
  if (randstr && payload.challenge.parameters.salt !== randstr) return false;
  let verified = false;
  try {
    const result = await verifySolution({
      challenge: payload.challenge,
      solution: payload.solution,
      deriveKey,
      hmacSignatureSecret: ctx.env.CAPTCHA_SECRET,
      hmacKeySignatureSecret: keySecret(ctx),
    });
    verified = result.verified;
  } catch {
    verified = false;
  }
  if (!verified) return false;
  // single use: the first request that presents the payload claims it
  return claimOnce(ctx, `captcha:used:${payload.challenge.signature ?? payload.challenge.parameters.nonce}`, CHALLENGE_TTL_S);
}
