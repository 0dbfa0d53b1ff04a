// The login token lives in the cookie Admin-Token (spec portal-and-learner §3, §9).
import { TOKEN_COOKIE_KEY } from '@xuetu/contract';
import { readCookie, removeCookie, writeCookie } from './cookies.ts';

export function getToken(): string | undefined {
  return readCookie(TOKEN_COOKIE_KEY) || undefined;
}

export function setToken(token: string): void {
  writeCookie(TOKEN_COOKIE_KEY, token, { sameSite: 'lax' });
}

export function removeToken(): void {
  removeCookie(TOKEN_COOKIE_KEY);
}
