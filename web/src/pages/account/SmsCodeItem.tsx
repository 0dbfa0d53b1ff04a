import { Msg, SMS_CODE_LENGTH, SMS_COUNTDOWN_LONG_S } from '@xuetu/contract';
import { Form, Input, Space } from 'antd';
import { CountdownButton } from '../../components/CountdownButton';

/** The 验证码 row of an account dialog: the SMS code box (required) beside its countdown button. */
export function SmsCodeItem({
  name,
  placeholder,
  testId,
  onSend,
}: {
  name: string;
  placeholder?: string;
  testId: string;
  onSend: Parameters<typeof CountdownButton>[0]['onSend'];
}) {
  return (
    <Form.Item label="验证码" required>
      <Space.Compact style={{ width: '100%' }}>
        <Form.Item name={name} noStyle rules={[{ required: true, message: Msg.codeRequired }]}>
          <Input placeholder={placeholder} maxLength={SMS_CODE_LENGTH} data-testid={testId} />
        </Form.Item>
        <CountdownButton seconds={SMS_COUNTDOWN_LONG_S} onSend={onSend} />
      </Space.Compact>
    </Form.Item>
  );
}
