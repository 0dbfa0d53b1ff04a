import { Form, Input, Radio, type RadioGroupProps } from 'antd';

// Form rows the administration editors share: a required name or title, a choice of a few values.

/** A required text (a name, a title): empty or blank says 请输入<label>. */
export function RequiredText({
  name,
  label,
  max,
  testId,
  showCount,
}: {
  name: string;
  label: string;
  max: number;
  testId?: string;
  showCount?: boolean;
}) {
  return (
    <Form.Item name={name} label={label} rules={[{ required: true, whitespace: true, message: `请输入${label}` }]}>
      <Input maxLength={max} showCount={showCount} data-testid={testId} />
    </Form.Item>
  );
}

/** One of a few values, as radio buttons. */
export function ChoiceItem({ name, label, options }: { name: string; label: string; options: RadioGroupProps['options'] }) {
  return (
    <Form.Item name={name} label={label}>
      <Radio.Group options={options} />
    </Form.Item>
  );
}
