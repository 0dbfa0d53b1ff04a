import { type AccountChoice, maskName } from '@xuetu/contract';
import type { AccountRow } from '../../directory/public.ts';

/** Chooser label after the user proved the password, a code or a ticket: company, name, account. */
export function accountLabel(u: AccountRow): string {
  return `${u.companyName || '平台'} - ${u.chnName}（${u.accountCode}）`;
}

/** lea****01 */
export function maskAccount(code: string): string {
  if (code.length <= 2) return `${code[0] ?? ''}*`;
  if (code.length <= 4) return `${code[0]}**${code[code.length - 1]}`;
  return `${code.slice(0, 3)}****${code.slice(-2)}`;
}

/** Reset wizard label: shown before anything was proven, so masked. */
export function maskedAccountLabel(u: AccountRow): string {
  return `${u.companyName || '平台'} - ${maskName(u.chnName)}（${maskAccount(u.accountCode)}）`;
}

export const choice = (item1: string, item2: string): AccountChoice => ({ item1, item2 });
