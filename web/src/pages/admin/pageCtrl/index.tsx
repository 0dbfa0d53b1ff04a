import { MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import { type ActionBody, type ActionView, ADMIN_NAME_MAX, AdminMsg, actionsApi, EnableStatus, Msg, Perm } from '@xuetu/contract';
import { Button, Form, Input, InputNumber, Modal, Radio, Space, Switch, Table, type TableColumnsType, Tag, TreeSelect } from 'antd';
import { useState } from 'react';
import { call, callEnvelope } from '../../../api/client';
import { useCall, useInvalidate } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { useCan } from '../../../components/Can';
import { ChoiceItem } from '../formParts';
import { AddButton, ListCard, opsColumn, RowAction } from '../listParts';
import { tableScrollX } from '../shared';
import { useConfirmDiscard } from '../useConfirmDiscard';

const TYPE_LABEL: Record<number, string> = { 0: '菜单', 1: '页面', 2: '权限' };
type FormValues = Omit<ActionBody, 'pageActions'> & { pageActions: { id?: number; name: string; value: string }[] };

interface ParentOption {
  value: number;
  title: string;
  children: ParentOption[];
}
const parentOptions = (nodes: ActionView[]): ParentOption[] =>
  nodes.filter((n) => n.type !== 2).map((n) => ({ value: n.id, title: n.name, children: parentOptions(n.child) }));
/** Table rows: children only where there are some (antd shows an expander otherwise). */
const rows = (nodes: ActionView[]): (ActionView & { children?: unknown[] })[] =>
  nodes.map((n) => ({ ...n, children: n.child.length ? rows(n.child) : undefined }));

// 是 first for 需授权, 否 first for 隐藏 (as each was written)
const YES_NO = [
  { value: 1, label: '是' },
  { value: 0, label: '否' },
];
const NO_YES = [...YES_NO].reverse();

/** 权限管理 (spec §2 "Permission management"): menus, pages and permissions. */
export default function PageCtrlPage() {
  const can = useCan();
  // every status ('') and type: the whole permission tree
  const tree = useCall(actionsApi.getRoleTree, { Status: '', ActionType: '0,1,2' });
  // the role page grants from the same tree
  const invalidate = useInvalidate();
  const reload = () => void invalidate(actionsApi.getRoleTree);
  const [editing, setEditing] = useState<{ id?: number } | null>(null);
  const [form] = Form.useForm<FormValues>();
  // closing the dialog over unsaved input asks first
  const closeEditor = useConfirmDiscard(
    () => form.isFieldsTouched(),
    () => setEditing(null),
  );
  const type = Form.useWatch('type', form);

  const open = async (row: ActionView | null, parentId = 0) => {
    form.resetFields();
    if (row) {
      // a failed load was shown by the request wrapper; the dialog stays closed
      const full = await call(actionsApi.getActionById, { Id: row.id }).catch(() => null);
      if (!full) return;
      form.setFieldsValue({ ...full, pageActions: full.pageActions });
    } else {
      form.setFieldsValue({
        name: '',
        type: parentId ? 1 : 0,
        url: '',
        icon: '',
        needAction: 1,
        sort: 0,
        isHidden: 0,
        parentId,
        status: EnableStatus.Enabled,
        code: '',
        value: '',
        pageActions: [],
      });
    }
    setEditing({ id: row?.id });
  };
  const save = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      const body: ActionBody = { ...v, id: editing?.id, pageActions: v.type === 1 ? v.pageActions : undefined };
      return editing?.id ? callEnvelope(actionsApi.editAction, body) : callEnvelope(actionsApi.addAction, body);
    },
    success: (res) => res.msg || Msg.saved,
    onSuccess: () => {
      setEditing(null);
      reload();
    },
  });
  const toggleStatus = useAppMutation({
    mutationFn: (code: string) => callEnvelope(actionsApi.saveActionStatus, { Code: code }),
    success: Msg.ok,
    onSuccess: reload,
  });

  const columns: TableColumnsType<ActionView> = [
    { title: '名称', dataIndex: 'name', width: 220 },
    {
      title: '类型',
      dataIndex: 'type',
      width: 80,
      render: (t: number) => <Tag color={t === 0 ? 'blue' : t === 1 ? 'green' : 'default'}>{TYPE_LABEL[t]}</Tag>,
    },
    { title: '地址', dataIndex: 'url', ellipsis: true },
    { title: '图标', dataIndex: 'icon', width: 160, ellipsis: true },
    { title: '权限值', dataIndex: 'value', width: 180 },
    { title: '排序', dataIndex: 'sort', width: 70 },
    { title: '隐藏', dataIndex: 'isHidden', width: 70, render: (h: number) => (h ? '是' : '否') },
    {
      title: '状态',
      dataIndex: 'status',
      width: 90,
      render: (s: number, r) => (
        <Switch
          size="small"
          aria-label={`状态：${r.name}`}
          checked={s === EnableStatus.Enabled}
          checkedChildren="有效"
          unCheckedChildren="无效"
          disabled={!can(Perm.ActionStatus)}
          onChange={() => toggleStatus.mutate(r.code)}
        />
      ),
    },
    opsColumn<ActionView>(150, (r) => (
      <Space size={0}>
        <RowAction action={Perm.ActionEdit} onClick={() => open(r)}>
          编辑
        </RowAction>
        {r.type === 0 && (
          <RowAction action={Perm.ActionAdd} onClick={() => open(null, r.id)}>
            新增下级
          </RowAction>
        )}
      </Space>
    )),
  ];
  return (
    <ListCard
      testId="action-admin"
      toolbar={
        <AddButton primary action={Perm.ActionAdd} onClick={() => open(null)}>
          新增菜单
        </AddButton>
      }
    >
      <Table<ActionView>
        rowKey="id"
        size="small"
        loading={tree.isFetching}
        dataSource={rows(tree.data ?? [])}
        pagination={false}
        columns={columns}
        // the tree's ten columns scroll inside the card: never the page, so a phone keeps its drawer sidebar
        scroll={{ x: tableScrollX(columns, 160) }}
      />
      <Modal
        open={Boolean(editing)}
        title={editing?.id ? '编辑权限' : '新增权限'}
        onCancel={closeEditor}
        onOk={() => save.mutate()}
        confirmLoading={save.isPending}
        width={720}
        destroyOnHidden
      >
        <Form form={form} labelCol={{ span: 4 }}>
          <Form.Item name="name" label="菜单名" rules={[{ required: true, whitespace: true, message: AdminMsg.actionNameRequired }]}>
            <Input maxLength={ADMIN_NAME_MAX} />
          </Form.Item>
          <Form.Item name="type" label="类型">
            <Radio.Group options={[0, 1, 2].map((v) => ({ value: v, label: TYPE_LABEL[v] }))} />
          </Form.Item>
          <Form.Item name="parentId" label="上级">
            <TreeSelect treeData={[{ value: 0, title: '顶级', children: parentOptions(tree.data ?? []) }]} treeDefaultExpandAll />
          </Form.Item>
          {type === 1 && (
            <Form.Item name="url" label="页面地址">
              <Input placeholder="/ydUser/index" />
            </Form.Item>
          )}
          {type !== 2 && (
            <Form.Item name="icon" label="图标">
              <Input placeholder="antd 图标名，如 UserOutlined" />
            </Form.Item>
          )}
          <Form.Item name="code" label="编码">
            <Input placeholder="留空则与权限值相同" />
          </Form.Item>
          <Form.Item name="value" label="权限值">
            <Input placeholder="如 User.List" />
          </Form.Item>
          {/* one row each: squeezed into one line their labels were clipped (issue 8 item 6) */}
          <Form.Item name="sort" label="排序">
            <InputNumber min={0} precision={0} />
          </Form.Item>
          <ChoiceItem name="needAction" label="需授权" options={YES_NO} />
          <ChoiceItem name="isHidden" label="隐藏" options={NO_YES} />
          <Form.Item name="status" hidden>
            <Input />
          </Form.Item>
          {type === 1 && (
            <Form.Item label="按钮权限">
              <Form.List name="pageActions">
                {(fields, { add, remove }) => (
                  <>
                    {fields.map((f) => (
                      <Space key={f.key} align="baseline">
                        <Form.Item name={[f.name, 'id']} hidden>
                          <Input />
                        </Form.Item>
                        <Form.Item name={[f.name, 'name']} rules={[{ required: true, message: '请输入权限名称' }]}>
                          <Input placeholder="名称" />
                        </Form.Item>
                        <Form.Item name={[f.name, 'value']} rules={[{ required: true, message: '请输入权限值' }]}>
                          <Input placeholder="权限值" />
                        </Form.Item>
                        <MinusCircleOutlined onClick={() => remove(f.name)} />
                      </Space>
                    ))}
                    <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ name: '', value: '' })}>
                      添加按钮权限
                    </Button>
                  </>
                )}
              </Form.List>
            </Form.Item>
          )}
        </Form>
      </Modal>
    </ListCard>
  );
}
