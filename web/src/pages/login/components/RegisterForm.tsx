import {
  AccountMsg,
  accountApi,
  ID_CARD_LENGTH,
  Msg,
  PHONE_LENGTH,
  PHONE_PATTERN,
  SMS_CODE_LENGTH,
  SMS_COUNTDOWN_SHORT_S,
} from '@xuetu/contract';
import { Button, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { callEnvelope } from '../../../api/client';
import { feedback } from '../../../app/feedback';
import { CountdownButton } from '../../../components/CountdownButton';
import { useSendCode } from './PhoneLoginForm';
import { confirmRules, passwordRules } from './passwordRules';

interface RegisterValues {
  userName: string;
  userIDNumber: string;
  userPhone: string;
  verifyCode: string;
  password?: string;
  checkPassWord?: string;
}

/**
 * Registration = activation of an imported employee. The dialog variant sets a password too;
 * the standalone /register page shows only the first four fields (spec §2, §3).
 */
export function RegisterForm({ withPassword, onRegistered }: { withPassword: boolean; onRegistered(phone: string): void }) {
  const [form] = Form.useForm<RegisterValues>();
  const phone = Form.useWatch('userPhone', form);
  const [loading, setLoading] = useState(false);
  const sender = useSendCode(async (pass) =>
    callEnvelope(accountApi.getUserRegisterCode, { phone: form.getFieldValue('userPhone'), ...pass }),
  );

  const sendCode = async () => {
    try {
      await form.validateFields(['userPhone']);
    } catch {
      return false;
    }
    return sender.run();
  };

  const onFinish = async (v: RegisterValues) => {
    setLoading(true);
    try {
      const env = await callEnvelope(accountApi.userRegister, v);
      // spec: an alert shows the server message, then the login
      await feedback.notice({ title: '提示', content: env.msg });
      onRegistered(v.userPhone);
    } catch {
      // shown by the request wrapper
    } finally {
      setLoading(false);
    }
  };

  return (
    <>
      <Form<RegisterValues>
        form={form}
        name="register"
        size="large"
        validateTrigger="onBlur"
        onFinish={onFinish}
        data-testid="register-form"
      >
        <Form.Item name="userName" rules={[{ required: true, whitespace: true, message: AccountMsg.nameRequired }]}>
          <Input placeholder="姓名" data-testid="reg-name" />
        </Form.Item>
        <Form.Item name="userIDNumber" rules={[{ required: true, whitespace: true, message: AccountMsg.idCardRequired }]}>
          <Input placeholder="身份证号" maxLength={ID_CARD_LENGTH} data-testid="reg-idcard" />
        </Form.Item>
        <Form.Item
          name="userPhone"
          rules={[
            { required: true, message: Msg.phoneRequired },
            { pattern: PHONE_PATTERN, message: AccountMsg.phoneFormatRegister },
          ]}
        >
          <Input placeholder="手机号" maxLength={PHONE_LENGTH} data-testid="reg-phone" />
        </Form.Item>
        <Form.Item>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="verifyCode" noStyle rules={[{ required: true, message: AccountMsg.smsCodeRequired }]}>
              <Input placeholder="短信验证码" maxLength={SMS_CODE_LENGTH} data-testid="reg-code" />
            </Form.Item>
            {/* spec: disabled while the phone is empty */}
            <CountdownButton seconds={SMS_COUNTDOWN_SHORT_S} onSend={sendCode} disabled={!phone} />
          </Space.Compact>
        </Form.Item>
        {withPassword && (
          <>
            <Form.Item name="password" rules={passwordRules()}>
              <Input.Password placeholder="设置密码" data-testid="reg-password" />
            </Form.Item>
            <Form.Item
              name="checkPassWord"
              dependencies={['password']}
              rules={confirmRules('password', AccountMsg.confirmPasswordRequired)}
            >
              <Input.Password placeholder="确认密码" data-testid="reg-password2" />
            </Form.Item>
          </>
        )}
        <Form.Item style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" block loading={loading} data-testid="register-submit">
            注册激活
          </Button>
        </Form.Item>
      </Form>
      {sender.holder}
    </>
  );
}
