import { idCardCheckChar } from '@xuetu/contract';

/** A valid ID number for demo data: area 110101, the given birth date (yyyyMMdd) and sequence. */
export function makeIdCard(birth: string, seq: number): string {
  const first17 = `110101${birth}${String(seq).padStart(3, '0')}`;
  return first17 + idCardCheckChar(first17);
}
