import { PlusOutlined } from '@ant-design/icons';
import type { Endpoint } from '@xuetu/contract';
import { Button, Card, Form, type FormInstance, Modal, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { type ReactNode, useState } from 'react';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { useCan } from '../../../../components/Can';
import { tableScrollX } from '../../shared';

export interface CrudConfig<T extends object, F extends object> {
  /** the list's endpoint and what it is asked with */
  // biome-ignore lint/suspicious/noExplicitAny: any list endpoint answering rows of T
  list: Endpoint<any, T[]>;
  listInput: Record<string, unknown>;
  rowKey: keyof T & string;
  columns: TableColumnsType<T>;
  editAction: string;
  addLabel: string;
  title: (editing: T | null) => string;
  /** form fields of the dialog */
  fields: (form: FormInstance<F>) => ReactNode;
  toForm: (row: T | null) => F;
  save: (values: F, row: T | null) => Promise<unknown>;
  remove: (row: T) => Promise<unknown>;
  toolbar?: ReactNode;
  testId: string;
  width?: number;
}

/** A list with add / edit dialog and delete: the shape every small content screen shares. */
export function CrudTable<T extends object, F extends object>(c: CrudConfig<T, F>) {
  const can = useCan();
  const [form] = Form.useForm<F>();
  const [editing, setEditing] = useState<{ open: boolean; row: T | null }>({ open: false, row: null });
  const q = useCall(c.list, c.listInput as never);
  const save = useAppMutation({
    mutationFn: async () => c.save(await form.validateFields(), editing.row),
    success: '保存成功',
    // the list, and what the portal shows of it
    invalidate: ['content'],
    onSuccess: () => setEditing({ open: false, row: null }),
  });
  const remove = useAppMutation({
    mutationFn: (row: T) => c.remove(row),
    success: '删除成功!',
    // the list, and what the portal shows of it
    invalidate: ['content'],
  });
  const open = (row: T | null) => {
    form.resetFields();
    form.setFieldsValue(c.toForm(row) as Parameters<typeof form.setFieldsValue>[0]);
    setEditing({ open: true, row });
  };
  const editable = can(c.editAction);
  const columns: TableColumnsType<T> = [
    ...c.columns,
    ...(editable
      ? [
          {
            title: '操作',
            key: 'op',
            width: 140,
            fixed: 'right' as const,
            render: (_: unknown, row: T) => (
              <Space size={4}>
                <Button size="small" type="link" onClick={() => open(row)}>
                  编辑
                </Button>
                <Popconfirm title="确定删除吗？" okText="删除" cancelText="取消" onConfirm={() => remove.mutate(row)}>
                  <Button size="small" type="link" danger>
                    删除
                  </Button>
                </Popconfirm>
              </Space>
            ),
          },
        ]
      : []),
  ];
  return (
    <Card variant="borderless" data-testid={c.testId}>
      <Space style={{ marginBottom: 16 }} wrap>
        {c.toolbar}
        {editable && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => open(null)} data-testid={`${c.testId}-add`}>
            {c.addLabel}
          </Button>
        )}
      </Space>
      <Table<T>
        rowKey={c.rowKey}
        loading={q.isFetching}
        dataSource={q.data ?? []}
        // every column's width, 200 px for one without (a link address): a fixed 800 left an unsized
        // column a few pixels on a phone, its text a character a line (issue 38 item 14)
        scroll={{ x: tableScrollX(columns) }}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条`, hideOnSinglePage: true }}
        columns={columns}
      />
      <Modal
        open={editing.open}
        title={c.title(editing.row)}
        onCancel={() => setEditing({ open: false, row: null })}
        onOk={() => save.mutate()}
        confirmLoading={save.isPending}
        okText="保存"
        cancelText="取消"
        width={c.width ?? 640}
        destroyOnHidden
        forceRender
      >
        <Form form={form} layout="vertical">
          {c.fields(form)}
        </Form>
      </Modal>
    </Card>
  );
}
