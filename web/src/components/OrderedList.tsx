import ArrowDownOutlined from '@ant-design/icons/es/icons/ArrowDownOutlined';
import ArrowUpOutlined from '@ant-design/icons/es/icons/ArrowUpOutlined';
import DeleteOutlined from '@ant-design/icons/es/icons/DeleteOutlined';
import { Button, Space } from 'antd';

/** The 序号 column of a small table whose order matters (a paper's questions, a project's courses). */
export const indexColumn = { title: '序号', key: 'n', width: 60, render: (_: unknown, __: unknown, i: number) => i + 1 };

/**
 * The 操作 column of such a table: 上移, 下移 (each off at its end of the list) and 移除;
 * `disabled` turns all three off (a paper someone has begun to answer).
 */
export function reorderColumn<T>(opts: {
  width: number;
  count: number;
  disabled?: boolean;
  onMove: (i: number, delta: -1 | 1) => void;
  onRemove: (row: T) => void;
}) {
  return {
    title: '操作',
    key: 'op',
    width: opts.width,
    render: (_: unknown, r: T, i: number) => (
      <Space size={0}>
        <Button
          size="small"
          type="text"
          icon={<ArrowUpOutlined />}
          aria-label="上移"
          disabled={opts.disabled || i === 0}
          onClick={() => opts.onMove(i, -1)}
        />
        <Button
          size="small"
          type="text"
          icon={<ArrowDownOutlined />}
          aria-label="下移"
          disabled={opts.disabled || i === opts.count - 1}
          onClick={() => opts.onMove(i, 1)}
        />
        <Button
          size="small"
          type="text"
          danger
          icon={<DeleteOutlined />}
          aria-label="移除"
          disabled={opts.disabled}
          onClick={() => opts.onRemove(r)}
        />
      </Space>
    ),
  };
}
