import { AccountMsg, accountApi } from '@xuetu/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useNavigate } from 'react-router';
import { call, callEnvelope } from '../../api/client';
import { useSession } from '../../app/store/session';
import { useAppMutation } from '../../app/useAppMutation';
import type { UserDialogProps } from '../../app/userDialogs';
import { SmsCodeItem } from './SmsCodeItem';
import { useOwnCode } from './useOwnCode';

/** 注销账户 (spec §2, §4): name, code with a 120 s countdown, a confirm prompt; success → /home. */
export default function CancelDialog({ open, onClose }: UserDialogProps) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const name = useSession((s) => s.userInfo?.chnName ?? s.userInfo?.name ?? '');
  const resetToken = useSession((s) => s.resetToken);
  const [form] = Form.useForm<{ verifyCode: string }>();
  const code = useOwnCode(() => callEnvelope(accountApi.getCancelUserVerifyCode), false);

  const check = useAppMutation({
    mutationFn: async () => {
      const { verifyCode } = await form.validateFields();
      await call(accountApi.checkCancelUserVerifyCode, undefined, { params: { verifyCode: verifyCode.trim() }, silent: true });
      return verifyCode.trim();
    },
    // spec: a failed code check shows a warning and closes the dialog
    onError: (e) => {
      message.warning((e as Error).message);
      onClose();
    },
    onSuccess: (verifyCode) =>
      modal.confirm({
        title: '提示',
        content: AccountMsg.cancelConfirm,
        okText: '确定',
        cancelText: '取消',
        onOk: async () => {
          await callEnvelope(accountApi.cancelUser, undefined, { params: { verifyCode } });
          onClose();
          resetToken();
          navigate('/home', { replace: true });
        },
        onCancel: () => {
          message.info(AccountMsg.cancelDismissed);
        },
      }),
  });

  return (
    <Modal
      title="注销账户"
      open={open}
      onCancel={onClose}
      onOk={() => check.mutate()}
      okText="确定"
      cancelText="取消"
      confirmLoading={check.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="warning">注销后该账户将无法再登录，学习记录不再可用。</Typography.Paragraph>
      <Form form={form} labelCol={{ span: 5 }} validateTrigger="onBlur" data-testid="cancel-dialog">
        <Form.Item label="姓名">
          <Input value={name} disabled />
        </Form.Item>
        <SmsCodeItem name="verifyCode" placeholder="短信验证码" testId="cancel-code" onSend={code.run} />
      </Form>
      {code.holder}
    </Modal>
  );
}
