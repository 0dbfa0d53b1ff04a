import { AccountMsg, accountApi, errorMessage } from '@xuetu/contract';
import { Alert, Form, Input, Modal } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { callEnvelope } from '../../api/client';
import { feedback } from '../../app/feedback';
import { useSession } from '../../app/store/session';
import { useLogout } from '../../app/useLogout';
import type { UserDialogProps } from '../../app/userDialogs';
import { useCaptcha } from '../../components/Captcha';
import { needsCaptcha } from '../../components/captchaPass';
import { confirmRules, passwordRules } from '../login/components/passwordRules';
import { SmsCodeItem } from './SmsCodeItem';
import { useOwnCode } from './useOwnCode';

export const PASSWORD_DIALOG_WIDTH = 480;

interface Values {
  /** the voluntary change: the SMS code */
  checknum?: string;
  /** the forced change: the temporary password an administrator set */
  oldPas?: string;
  pas: string;
  pas2: string;
}

/**
 * 修改密码 (spec §2: 480 px; name, code with a 120 s countdown, new and confirm password). After an
 * administrator's reset (forced) the temporary password takes the code's place: a changed phone is
 * often why the password was reset (issue 38 item 14; the server allows this only then).
 */
export default function PasswordDialog({ open, onClose }: UserDialogProps) {
  const navigate = useNavigate();
  const name = useSession((s) => s.userInfo?.chnName ?? s.userInfo?.name ?? '');
  const resetToken = useSession((s) => s.resetToken);
  // a temporary password: the dialog cannot be dismissed, only completed or left by signing out
  const forced = useSession((s) => s.mustChangePassword);
  const logout = useLogout();
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const code = useOwnCode((pass) => callEnvelope(accountApi.getEditPassWordCheckNum, pass));
  const captcha = useCaptcha();

  const change = async (v: Values) => {
    if (!forced) return callEnvelope(accountApi.editPassWord, { pas1: v.pas, pas2: v.pas2, CheckNum: (v.checknum ?? '').trim() });
    const body = { oldPas: v.oldPas ?? '', pas1: v.pas, pas2: v.pas2 };
    try {
      // the forced change after an administrator's reset: the temporary password instead of an SMS code
      return await callEnvelope(accountApi.editTemporaryPassWord, body);
    } catch (e) {
      // repeated wrong passwords: the server wants a captcha pass before the next try
      if (!needsCaptcha(e)) throw e;
      const pass = await captcha.run();
      if (pass.ret !== 0) throw e;
      return callEnvelope(accountApi.editTemporaryPassWord, { ...body, ticket: pass.ticket, randstr: pass.randstr });
    }
  };

  // spec: opening clears the form
  useEffect(() => {
    if (open) form.resetFields();
  }, [open, form]);

  const save = async () => {
    // a form validation failure is shown by the form and must not become an unhandled rejection
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setSaving(true);
    try {
      const env = await change(v);
      // the message outlives the layout: the next page is /login
      feedback.successAcrossPages(env.msg || AccountMsg.passwordChanged);
      onClose();
      // every session ended with the change: sign in again with the new password
      resetToken();
      // after the guard has seen the token go (it sends signed-out pages to /home)
      setTimeout(() => navigate('/login', { replace: true }), 0);
    } catch {
      // shown by the request wrapper
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      title="修改密码"
      open={open}
      width={PASSWORD_DIALOG_WIDTH}
      onCancel={forced ? () => void logout() : onClose}
      onOk={save}
      okText="确定"
      cancelText={forced ? '退出登录' : '取消'}
      closable={!forced}
      keyboard={!forced}
      mask={{ closable: !forced }}
      confirmLoading={saving}
      destroyOnHidden
    >
      {forced && <Alert type="warning" showIcon title={errorMessage('PASSWORD_CHANGE_REQUIRED')} style={{ marginBottom: 16 }} />}
      <Form<Values> form={form} labelCol={{ span: 5 }} validateTrigger="onBlur" data-testid="password-dialog">
        <Form.Item label="姓名">
          <Input value={name} disabled />
        </Form.Item>
        {forced ? (
          <Form.Item label="当前密码" name="oldPas" rules={[{ required: true, message: AccountMsg.currentPasswordRequired }]}>
            <Input.Password placeholder="管理员给您的临时密码" autoComplete="current-password" data-testid="pwd-current" />
          </Form.Item>
        ) : (
          <SmsCodeItem name="checknum" placeholder="短信验证码" testId="pwd-code" onSend={code.run} />
        )}
        <Form.Item label="新密码" name="pas" rules={passwordRules()}>
          <Input.Password placeholder="请输入新密码" data-testid="pwd-new" />
        </Form.Item>
        <Form.Item label="确认密码" name="pas2" dependencies={['pas']} rules={confirmRules('pas', AccountMsg.confirmPasswordRequired)}>
          <Input.Password placeholder="请再次输入新密码" data-testid="pwd-confirm" />
        </Form.Item>
      </Form>
      {code.holder}
      {captcha.holder}
    </Modal>
  );
}
