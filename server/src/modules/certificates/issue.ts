import { randomBytes } from 'node:crypto';
import { formatCertNumber } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
import type { TenantScope } from '../../platform/scope.ts';
import * as repo from './certificates.repository.ts';

// Issuing one certificate, inside the caller's transaction: the next number of the definition's
// prefix and year, a fresh verification code, the expiry from the validity. What earned it is its
// `source`; a second issue for the same definition, holder and source does nothing (undefined).

const CHINA_OFFSET_MS = 8 * 60 * 60 * 1000;

/** The calendar year in China time (a certificate issued on 1 January 00:30 Beijing time is that year's). */
export const chinaYear = (at: Date) => new Date(at.getTime() + CHINA_OFFSET_MS).getUTCFullYear();

/** `months` after `from` on China's calendar (31 January + 1 month = the last day of February); null when permanent. */
export function expiryOf(from: Date, months: number): Date | null {
  if (months <= 0) return null;
  const local = new Date(from.getTime() + CHINA_OFFSET_MS);
  const day = local.getUTCDate();
  local.setUTCDate(1);
  local.setUTCMonth(local.getUTCMonth() + months);
  const last = new Date(Date.UTC(local.getUTCFullYear(), local.getUTCMonth() + 1, 0)).getUTCDate();
  local.setUTCDate(Math.min(day, last));
  return new Date(local.getTime() - CHINA_OFFSET_MS);
}

/** 128 random bits, base64url: 22 characters nobody can guess (issue 42: at least 80). */
export const newVerificationCode = () => randomBytes(16).toString('base64url');

export interface IssueRequest {
  definition: repo.DefinitionRow;
  userId: number;
  holderName: string;
  /** `exam:<id>`; a function of the number for sources that are one-off (`manual:<number>`) */
  source: string | ((number: string) => string);
  score: number | null;
  issuedBy: number | null;
  now: Date;
}

export async function issueCertificate(tx: DbOrTx, scope: TenantScope, r: IssueRequest): Promise<repo.IssuedRow | undefined> {
  const year = chinaYear(r.now);
  const number = formatCertNumber(r.definition.prefix, year, await repo.nextSequence(tx, r.definition.prefix, year));
  return repo.insertIssued(tx, scope, {
    definitionId: r.definition.id,
    companySysCode: r.definition.companySysCode,
    userId: r.userId,
    holderName: r.holderName,
    number,
    code: newVerificationCode(),
    source: typeof r.source === 'string' ? r.source : r.source(number),
    score: r.score,
    issuedAt: r.now,
    expiresAt: expiryOf(r.now, r.definition.validityMonths),
    issuedBy: r.issuedBy,
  });
}
