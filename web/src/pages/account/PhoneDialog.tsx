import { AccountMsg, accountApi, Msg, PHONE_LENGTH, PHONE_PATTERN } from '@xuetu/contract';
import { Form, Input, Modal } from 'antd';
import { callEnvelope } from '../../api/client';
import { useAppMutation } from '../../app/useAppMutation';
import { SmsCodeItem } from './SmsCodeItem';
import { useOwnCode } from './useOwnCode';

/** 修改手机号: newmobile and checknum, 120 s countdown (spec §2). */
export function PhoneDialog({ open, onClose, onChanged }: { open: boolean; onClose(): void; onChanged(phone: string): void }) {
  const [form] = Form.useForm<{ newmobile: string; checknum: string }>();
  const code = useOwnCode((pass) => callEnvelope(accountApi.getEditphoneCheckNum, { NewPhone: form.getFieldValue('newmobile'), ...pass }));

  const send = async () => {
    try {
      await form.validateFields(['newmobile']);
    } catch {
      return false;
    }
    return code.run();
  };

  const save = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      const env = await callEnvelope(accountApi.editPhone, { NewPhone: v.newmobile, CheckNum: v.checknum.trim() });
      return { msg: env.msg, phone: v.newmobile };
    },
    success: (r) => r.msg || AccountMsg.phoneChanged,
    onSuccess: (r) => {
      onChanged(r.phone);
      onClose();
    },
  });

  return (
    <Modal
      title="修改手机号"
      open={open}
      onCancel={onClose}
      onOk={() => save.mutate()}
      confirmLoading={save.isPending}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
    >
      <Form form={form} labelCol={{ span: 5 }} validateTrigger="onBlur" data-testid="phone-dialog">
        <Form.Item
          label="新手机号"
          name="newmobile"
          rules={[
            { required: true, message: Msg.phoneRequired },
            { pattern: PHONE_PATTERN, message: Msg.phoneFormat },
          ]}
        >
          <Input maxLength={PHONE_LENGTH} data-testid="new-phone" />
        </Form.Item>
        <SmsCodeItem name="checknum" testId="phone-code" onSend={send} />
      </Form>
      {code.holder}
    </Modal>
  );
}
