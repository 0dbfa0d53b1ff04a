import { ID_CARD_PATTERN } from './limits.ts';

const WEIGHTS = [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2];
const CHECK = '10X98765432';

/** The check character of an 18-digit resident ID number (GB 11643). */
export function idCardCheckChar(first17: string): string {
  const sum = [...first17].reduce((acc, d, i) => acc + Number(d) * WEIGHTS[i], 0);
  return CHECK[sum % 11];
}

/** Format, birth date and check character of an 18-digit ID number. */
export function isValidIdCard(value: string): boolean {
  if (!ID_CARD_PATTERN.test(value)) return false;
  return idCardCheckChar(value.slice(0, 17)) === value[17].toUpperCase();
}
