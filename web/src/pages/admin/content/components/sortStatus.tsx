import { ShowStatus } from '@xuetu/contract';
import { Form, InputNumber, Switch, Tag } from 'antd';

/** The 排序 and 状态 columns every content list ends with. */
export const sortStatusColumns = [
  { title: '排序', dataIndex: 'sortOrder', width: 80 },
  {
    title: '状态',
    dataIndex: 'status',
    width: 80,
    render: (s: number) => (s === ShowStatus.Shown ? <Tag color="green">显示</Tag> : <Tag>隐藏</Tag>),
  },
];

/** The 排序 and 显示 fields every content dialog ends with. */
export function SortStatusFields() {
  return (
    <>
      <Form.Item name="sortOrder" label="排序">
        <InputNumber min={0} max={99999} />
      </Form.Item>
      <Form.Item name="status" label="显示" valuePropName="checked">
        <Switch />
      </Form.Item>
    </>
  );
}
