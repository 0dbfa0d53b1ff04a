import type { AccountChoice } from '@xuetu/contract';
import { AccountMsg, accountApi, Msg, PHONE_LENGTH, PHONE_PATTERN, SMS_CODE_LENGTH, SMS_COUNTDOWN_SHORT_S } from '@xuetu/contract';
import { Alert, Button, Form, Input, Radio, Space, Steps, Typography } from 'antd';
import { useRef, useState } from 'react';
import { call, callEnvelope } from '../../../api/client';
import { feedback } from '../../../app/feedback';
import { useCaptcha } from '../../../components/Captcha';
import { CountdownButton } from '../../../components/CountdownButton';
import { passwordRules } from './passwordRules';

/** how long the mismatch message stays (antd's default for a message) */
const PASSWORD_MISMATCH_MS = 3_000;

export const RESET_STEPS = ['填写账号', '确认账号', '验证身份', '设置密码'];

interface Values {
  username: string;
  verifycode: string;
  userMobile: string;
  password: string;
  checkPassWord: string;
}

/**
 * Forgot-password wizard, steps 0–3 (spec §2): account → confirm (sends the code) → code →
 * phone + new password. Success returns to password login with the username filled.
 */
export function ResetWizard({ onDone, onBack }: { onDone(username: string): void; onBack(): void }) {
  const [form] = Form.useForm<Values>();
  const [step, setStep] = useState(0);
  const [choices, setChoices] = useState<AccountChoice[]>([]);
  const [secret, setSecret] = useState<string>();
  const [sentMsg, setSentMsg] = useState('');
  const [account, setAccount] = useState('');
  const [loading, setLoading] = useState(false);
  const captcha = useCaptcha();
  const passed = useRef(false);

  const busy = async (fn: () => Promise<void>) => {
    setLoading(true);
    try {
      await fn();
    } catch {
      // shown by the request wrapper
    } finally {
      setLoading(false);
    }
  };

  const goto = (n: number) => {
    // the previous step's error toast (e.g. a wrong code) no longer applies
    feedback.clearErrors();
    // spec: any step beyond 3 resets to login
    if (n > 3) onBack();
    else setStep(n);
  };

  const findAccounts = () =>
    busy(async () => {
      const { username } = await form.validateFields(['username']);
      let pass = {};
      if (!passed.current) {
        const r = await captcha.run();
        if (r.ret !== 0) return;
        pass = { ticket: r.ticket, randstr: r.randstr };
      }
      const list = await call(accountApi.getResetpwdAcc, { username: username.trim(), ...pass });
      passed.current = true;
      setChoices(list);
      setSecret(list.length === 1 ? list[0].item2 : undefined);
      goto(1);
    });

  const sendCode = async () => {
    if (!secret) {
      feedback.warning(Msg.selectLoginUser);
      return false;
    }
    const env = await callEnvelope(accountApi.checkResetpwdAcc, undefined, { params: { secret } });
    setSentMsg(AccountMsg.codeSent(env.msg));
    return true;
  };

  const confirmAccount = () =>
    busy(async () => {
      if (await sendCode()) goto(2);
    });

  const checkCode = () =>
    busy(async () => {
      const { verifycode } = await form.validateFields(['verifycode']);
      const acc = await call(accountApi.checkResetpwdVerifyCode, { usrSecret: secret ?? '', verifyCode: verifycode.trim() });
      setAccount(acc.useraccount);
      goto(3);
    });

  const submit = () =>
    busy(async () => {
      const v = await form.validateFields(['userMobile', 'password', 'checkPassWord', 'verifycode']);
      // spec: a mismatch sends nothing
      if (v.password !== v.checkPassWord) {
        feedback.error(Msg.passwordMismatch, PASSWORD_MISMATCH_MS);
        return;
      }
      const env = await callEnvelope(accountApi.submitResetpwdData, {
        usrSecret: secret ?? '',
        userMobile: v.userMobile.trim(),
        verifyCode: v.verifycode.trim(),
        password: v.password,
        checkPassWord: v.checkPassWord,
      });
      feedback.success(env.msg);
      onDone(env.data?.username ?? account);
    });

  return (
    <div data-testid="reset-wizard">
      {/* titles under the icons: each of the four labels keeps to one line in the narrow login panel */}
      <Steps
        size="small"
        titlePlacement="vertical"
        responsive={false}
        className="xt-reset-steps"
        current={step}
        items={RESET_STEPS.map((title) => ({ title }))}
        style={{ marginBottom: 20 }}
      />
      <Form<Values> form={form} size="large" validateTrigger="onBlur">
        {step === 0 && (
          <>
            <Form.Item name="username" rules={[{ required: true, whitespace: true, message: AccountMsg.resetUsernameRequired }]}>
              <Input placeholder="用户账号 / 手机号码 / 身份证号" data-testid="reset-username" />
            </Form.Item>
            <Button type="primary" block loading={loading} onClick={findAccounts} data-testid="reset-next">
              下一步
            </Button>
          </>
        )}
        {step === 1 && (
          <>
            <Typography.Paragraph>请选择要找回密码的账号：</Typography.Paragraph>
            <Radio.Group
              value={secret}
              onChange={(e) => setSecret(e.target.value)}
              style={{ marginBottom: 16 }}
              data-testid="reset-accounts"
            >
              <Space orientation="vertical">
                {choices.map((c) => (
                  <Radio key={c.item2} value={c.item2}>
                    {c.item1}
                  </Radio>
                ))}
              </Space>
            </Radio.Group>
            <Button type="primary" block loading={loading} onClick={confirmAccount} data-testid="reset-next">
              发送验证码
            </Button>
          </>
        )}
        {step === 2 && (
          <>
            {sentMsg && <Alert type="success" showIcon title={sentMsg} style={{ marginBottom: 16 }} />}
            <Form.Item>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="verifycode" noStyle rules={[{ required: true, message: Msg.codeRequired }]}>
                  <Input placeholder="短信验证码" maxLength={SMS_CODE_LENGTH} data-testid="reset-code" />
                </Form.Item>
                <CountdownButton seconds={SMS_COUNTDOWN_SHORT_S} onSend={sendCode} idleText="重新发送" autoStart />
              </Space.Compact>
            </Form.Item>
            <Button type="primary" block loading={loading} onClick={checkCode} data-testid="reset-next">
              下一步
            </Button>
          </>
        )}
        {step === 3 && (
          <>
            <Typography.Paragraph>
              账号：<b data-testid="reset-account">{account}</b>
            </Typography.Paragraph>
            <Form.Item name="verifycode" hidden>
              <Input />
            </Form.Item>
            <Form.Item
              name="userMobile"
              rules={[
                { required: true, message: Msg.phoneRequired },
                { pattern: PHONE_PATTERN, message: Msg.phoneFormat },
              ]}
            >
              <Input placeholder="手机号" maxLength={PHONE_LENGTH} data-testid="reset-mobile" />
            </Form.Item>
            <Form.Item name="password" rules={passwordRules()}>
              <Input.Password placeholder="新密码" data-testid="reset-password" />
            </Form.Item>
            <Form.Item name="checkPassWord" rules={passwordRules(AccountMsg.confirmPasswordRequired)}>
              <Input.Password placeholder="确认密码" data-testid="reset-password2" />
            </Form.Item>
            <Button type="primary" block loading={loading} onClick={submit} data-testid="reset-submit">
              提交
            </Button>
          </>
        )}
      </Form>
      <div style={{ marginTop: 12, textAlign: 'center' }}>
        <Button type="link" onClick={onBack} data-testid="reset-back">
          返回登录
        </Button>
      </div>
      {captcha.holder}
    </div>
  );
}
