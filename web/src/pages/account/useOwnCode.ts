import { AccountMsg, type Envelope } from '@xuetu/contract';
import { App } from 'antd';
import { useRef } from 'react';
import { useCaptcha } from '../../components/Captcha';
import type { CaptchaPass } from '../../components/captchaPass';

/**
 * Send-code action of the own-account dialogs: a captcha pass on the first send when `captcha`,
 * then 短信验证码已经发送至您的{msg}手机 with the server's masked phone.
 */
export function useOwnCode(send: (pass: Partial<CaptchaPass>) => Promise<Envelope<null>>, captcha = true) {
  const { message } = App.useApp();
  const cap = useCaptcha();
  const passed = useRef(false);
  const run = async () => {
    let pass: Partial<CaptchaPass> = {};
    if (captcha && !passed.current) {
      const r = await cap.run();
      if (r.ret !== 0) return false;
      pass = { ticket: r.ticket, randstr: r.randstr };
    }
    const env = await send(pass);
    passed.current = true;
    message.success(AccountMsg.codeSent(env.msg));
    return true;
  };
  return { run, holder: cap.holder };
}
