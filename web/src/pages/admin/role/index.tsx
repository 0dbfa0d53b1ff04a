import {
  type ActionView,
  ADMIN_NAME_MAX,
  AdminMsg,
  actionsApi,
  Msg,
  Perm,
  ROLE_LIST_ROWS,
  type RoleView,
  rolesApi,
  SYS_ROLE_LABELS,
} from '@xuetu/contract';
import { Alert, Form, Input, Modal, Select, Spin, Table, type TableColumnsType, Tag, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { call, callEnvelope } from '../../../api/client';
import { useCall, useInvalidate } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { AddButton, ListCard, opsColumn, RowAction } from '../listParts';
import { tableScrollX } from '../shared';
import { useConfirmDiscard } from '../useConfirmDiscard';

const toTree = (nodes: ActionView[]): TreeDataNode[] =>
  nodes.map((n) => ({
    key: n.id,
    title: `${n.name}${n.type === 2 ? '' : n.type === 1 ? '（页面）' : '（菜单）'}`,
    children: toTree(n.child),
  }));

/**
 * Checking a node checks everything below it and the menus above it (a page needs its menu);
 * unchecking clears everything below. A page can be granted without all of its buttons.
 */
function applyCheck(nodes: ActionView[], current: number[], id: number, on: boolean): number[] {
  const parent = new Map<number, number>();
  const byId = new Map<number, ActionView>();
  const walk = (list: ActionView[], p?: number) =>
    list.forEach((n) => {
      byId.set(n.id, n);
      if (p !== undefined) parent.set(n.id, p);
      walk(n.child, n.id);
    });
  walk(nodes);
  const below = (n: ActionView | undefined): number[] => (n ? [n.id, ...n.child.flatMap((c) => below(c))] : []);
  const set = new Set(current);
  if (on) {
    for (const x of below(byId.get(id))) set.add(x);
    for (let p = parent.get(id); p !== undefined; p = parent.get(p)) set.add(p);
  } else for (const x of below(byId.get(id))) set.delete(x);
  return [...set];
}

/** 角色管理 (spec §2 "Role management"): list, add/edit with the permission tree saved as roleAct. */
export default function RolePage() {
  // spec §8: a failed role load only stops the loading state
  const roles = useCall(rolesApi.getRoleListPage, { pageIndex: 1, pageRows: ROLE_LIST_ROWS, key: '' }, { config: { silent: true } });
  // spec: the role tree is fetched with Status 1 and ActionType '0,1,2'
  const tree = useCall(actionsApi.getRoleTree, { Status: 1, ActionType: '0,1,2' });
  const sysEnum = useCall(rolesApi.getSysRoleEnum, { Type: 1 });
  const invalidate = useInvalidate();
  const [editing, setEditing] = useState<{ role: RoleView | null; loading: boolean; allActions: boolean } | null>(null);
  const [checked, setChecked] = useState<number[]>([]);
  const [form] = Form.useForm<{ roleName: string; sysRoleEnum: number }>();
  // closing the dialog over unsaved input asks first
  const closeEditor = useConfirmDiscard(
    () => form.isFieldsTouched(),
    () => setEditing(null),
  );

  const open = async (role: RoleView | null) => {
    form.resetFields();
    form.setFieldsValue({ roleName: role?.roleName ?? '', sysRoleEnum: role?.sysRoleEnum ?? 0 });
    setChecked([]);
    setEditing({ role, loading: Boolean(role), allActions: false });
    if (role) {
      try {
        const full = await call(rolesApi.getCurrentRoles, { RoleCode: role.code });
        setChecked(full.roleAct);
        setEditing({ role, loading: false, allActions: full.allActions });
      } catch {
        // the request wrapper has shown why; the dialog cannot show a tree it could not load
        setEditing(null);
      }
    }
  };
  const save = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      // the 平台管理员 role holds every action by its type: its tree is shown, never sent
      const roleAct = editing?.allActions ? [] : checked;
      const body = { code: editing?.role?.code ?? '', roleName: v.roleName, sysRoleEnum: v.sysRoleEnum, roleAct };
      // spec path spelling: EidtRole
      return editing?.role ? callEnvelope(rolesApi.eidtRole, body) : callEnvelope(rolesApi.addRole, body);
    },
    success: (res) => res.msg || Msg.saved,
    onSuccess: () => {
      setEditing(null);
      // the users page's role dialog lists them too
      void invalidate(rolesApi.getRoleListPage);
    },
  });
  const columns: TableColumnsType<RoleView> = [
    { title: '角色名称', dataIndex: 'roleName', width: 200 },
    { title: '角色编码', dataIndex: 'code', width: 180 },
    { title: '角色类型', dataIndex: 'sysRoleEnum', width: 120, render: (v: number) => <Tag>{SYS_ROLE_LABELS[v] ?? v}</Tag> },
    { title: '所属公司', dataIndex: 'companyName', render: (v: string) => v || <Tag color="blue">平台</Tag> },
    { title: '用户数', dataIndex: 'userCount', width: 90 },
    opsColumn<RoleView>(100, (r) =>
      r.editable ? (
        <RowAction action={Perm.RoleEdit} onClick={() => open(r)} testId={`role-edit-${r.roleName}`}>
          编辑
        </RowAction>
      ) : null,
    ),
  ];
  // spec §4: the role type can change only while it is 0
  const typeLocked = Boolean(editing?.role && editing.role.sysRoleEnum !== 0);

  return (
    <ListCard
      testId="role-admin"
      toolbar={
        <AddButton primary action={Perm.RoleAdd} onClick={() => open(null)} testId="role-add">
          新增角色
        </AddButton>
      }
    >
      <Table<RoleView>
        rowKey="code"
        size="middle"
        loading={roles.isFetching}
        dataSource={roles.data?.models ?? []}
        pagination={{ pageSize: 20, showTotal: (t) => `共 ${t} 条` }}
        columns={columns}
        scroll={{ x: tableScrollX(columns) }}
      />
      <Modal
        open={Boolean(editing)}
        title={editing?.role ? '编辑角色' : '新增角色'}
        onCancel={closeEditor}
        onOk={() => save.mutate()}
        confirmLoading={save.isPending}
        width={640}
        destroyOnHidden
        data-testid="role-dialog"
      >
        <Form form={form} labelCol={{ span: 4 }}>
          <Form.Item name="roleName" label="角色名称" rules={[{ required: true, whitespace: true, message: AdminMsg.roleNameRequired }]}>
            <Input maxLength={ADMIN_NAME_MAX} data-testid="role-name" />
          </Form.Item>
          <Form.Item name="sysRoleEnum" label="角色类型">
            <Select disabled={typeLocked} options={(sysEnum.data ?? []).map((o) => ({ value: o.value, label: o.label }))} />
          </Form.Item>
          <Form.Item label="权限">
            {editing?.loading || tree.isLoading ? (
              <Spin />
            ) : (
              <div style={{ maxHeight: 420, overflow: 'auto', border: '1px solid #f0f0f0', padding: 8 }} data-testid="role-tree">
                {editing?.allActions && (
                  <Alert
                    type="info"
                    showIcon
                    style={{ marginBottom: 8 }}
                    title="平台管理员拥有全部权限（只读）"
                    data-testid="role-all-actions"
                  />
                )}
                <Tree
                  checkable
                  disabled={editing?.allActions}
                  checkStrictly
                  defaultExpandAll
                  treeData={toTree(tree.data ?? [])}
                  checkedKeys={checked}
                  onCheck={(_, info) => setChecked(applyCheck(tree.data ?? [], checked, Number(info.node.key), info.checked))}
                />
              </div>
            )}
          </Form.Item>
        </Form>
      </Modal>
    </ListCard>
  );
}
