// The login token lives in the cookie Admin-Token (spec portal-and-learner §3, §9).
import { TOKEN_COOKIE_KEY } from '@xuetu/contract';
import Cookies from 'js-cookie';

export function getToken(): string | undefined {
  return Cookies.get(TOKEN_COOKIE_KEY) || undefined;
}

export function setToken(token: string): void {
  Cookies.set(TOKEN_COOKIE_KEY, token, { sameSite: 'lax' });
}

export function removeToken(): void {
  Cookies.remove(TOKEN_COOKIE_KEY);
}
