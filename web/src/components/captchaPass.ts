// What the sign-in, code and password forms share about the captcha (no component: the lean
// sign-in page imports it without the widget).
import { accountApi, type CaptchaConfig } from '@xuetu/contract';
import { call } from '../api/client';
import { ApiError } from '../api/request';

/** What the captcha widget hands back, sent with the call it guards. */
export interface CaptchaPass {
  ticket: string;
  randstr: string;
}

/** The server wants a captcha pass before the next try (repeated password failures, account/guard.ts). */
export const needsCaptcha = (e: unknown) =>
  e instanceof ApiError && !!(e.envelope?.data as { needCaptcha?: boolean } | null | undefined)?.needCaptcha;

let captchaConfig: Promise<CaptchaConfig> | null = null;
/** GetAPPId, fetched once per page load */
export const getCaptchaConfig = () => {
  captchaConfig ??= call(accountApi.getAPPId).catch((e) => {
    captchaConfig = null;
    throw e;
  });
  return captchaConfig;
};
