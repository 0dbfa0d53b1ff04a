import MobileOutlined from '@ant-design/icons/es/icons/MobileOutlined';
import SafetyOutlined from '@ant-design/icons/es/icons/SafetyOutlined';
import { AccountMsg, accountApi, Msg, PHONE_LENGTH, PHONE_PATTERN, SMS_CODE_LENGTH, SMS_COUNTDOWN_SHORT_S } from '@xuetu/contract';
import { Button, Form, Input, Space } from 'antd';
import { useRef, useState } from 'react';
import { call, callEnvelope } from '../../../api/client';
import { feedback } from '../../../app/feedback';
import { useCaptcha } from '../../../components/Captcha';
import { CountdownButton } from '../../../components/CountdownButton';
import type { CaptchaPass } from '../../../components/captchaPass';
import { useAccountLogin } from '../useAccountLogin';

interface Values {
  phone: string;
  code: string;
}

/**
 * Sends a code once the captcha passed (`ret` 0) — only the first send in this form asks for it;
 * the server still limits resends.
 */
export function useSendCode(send: (pass: Partial<CaptchaPass>) => Promise<{ msg: string }>) {
  const captcha = useCaptcha();
  const passed = useRef(false);
  const run = async (): Promise<boolean> => {
    let pass: Partial<CaptchaPass> = {};
    if (!passed.current) {
      const r = await captcha.run();
      if (r.ret !== 0) return false; // a failed captcha sends nothing
      pass = { ticket: r.ticket, randstr: r.randstr };
    }
    const env = await send(pass);
    passed.current = true;
    feedback.success(AccountMsg.codeSent(env.msg));
    return true;
  };
  return { run, holder: captcha.holder };
}

export function PhoneLoginForm({ onLoggedIn }: { onLoggedIn(): void }) {
  const [form] = Form.useForm<Values>();
  const [loading, setLoading] = useState(false);
  const { finish, chooser } = useAccountLogin(onLoggedIn);
  const sender = useSendCode(async (pass) => callEnvelope(accountApi.getCheckNum, { phone: form.getFieldValue('phone'), ...pass }));

  const sendCode = async () => {
    try {
      await form.validateFields(['phone']);
    } catch {
      return false;
    }
    return sender.run();
  };

  const onFinish = async (v: Values) => {
    setLoading(true);
    try {
      await finish(await call(accountApi.loginWithCheckNumStep1, { phone: v.phone.trim(), code: v.code.trim() }));
    } catch {
      // shown by the request wrapper
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Form<Values> form={form} name="phone-login" size="large" validateTrigger="onBlur" onFinish={onFinish} data-testid="phone-login-form">
        <Form.Item
          name="phone"
          rules={[
            { required: true, message: Msg.phoneRequired },
            { pattern: PHONE_PATTERN, message: Msg.phoneFormat },
          ]}
        >
          <Input prefix={<MobileOutlined />} placeholder="手机号" maxLength={PHONE_LENGTH} data-testid="phone-input" />
        </Form.Item>
        <Form.Item>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="code" noStyle rules={[{ required: true, message: Msg.codeRequired }]}>
              <Input prefix={<SafetyOutlined />} placeholder="验证码" maxLength={SMS_CODE_LENGTH} data-testid="phone-code" />
            </Form.Item>
            <CountdownButton seconds={SMS_COUNTDOWN_SHORT_S} onSend={sendCode} />
          </Space.Compact>
        </Form.Item>
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="phone-login-submit">
            登录
          </Button>
        </Form.Item>
      </Form>
      {chooser}
      {sender.holder}
    </>
  );
}
