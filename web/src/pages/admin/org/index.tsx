import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { ADMIN_NAME_MAX, AdminMsg, Msg, ORG_ROOT_ID, type OrgNode, orgsApi, Perm } from '@xuetu/contract';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { callEnvelope } from '../../../api/client';
import { useInvalidate } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { useCan } from '../../../components/Can';
import { CompanySelect, useConfirm, useIsPlatform, useOrgTree } from '../shared';
import { useConfirmDiscard } from '../useConfirmDiscard';

interface Editing {
  mode: 'add' | 'edit';
  node: OrgNode;
}

/** 组织架构 (spec §2 "Organisation tree"): the root -1 cannot be edited or deleted. */
export default function OrgTreePage() {
  const can = useCan();
  const confirm = useConfirm();
  const isPlatform = useIsPlatform();
  const [company, setCompany] = useState<string | undefined>();
  const [filter, setFilter] = useState('');
  const [editing, setEditing] = useState<Editing | null>(null);
  const [form] = Form.useForm<{ orgName: string; order: number | null }>();
  // closing the dialog over unsaved input asks first
  const closeEditor = useConfirmDiscard(
    () => form.isFieldsTouched(),
    () => setEditing(null),
  );
  const tree = useOrgTree(company ?? '', { showTop: 1, enabled: !isPlatform || Boolean(company) });
  // the pickers' trees (without the root) change too
  const invalidate = useInvalidate();
  const reload = () => invalidate(orgsApi.getOrgTree);

  const open = (mode: 'add' | 'edit', node: OrgNode) => {
    form.resetFields();
    form.setFieldsValue(mode === 'edit' ? { orgName: node.orgName, order: node.order } : { orgName: '', order: null });
    setEditing({ mode, node });
  };
  const saveOrg = useAppMutation({
    mutationFn: async () => {
      if (!editing) return;
      const v = await form.validateFields();
      const order = v.order ?? 0; // spec: an empty order is sent as 0
      if (editing.mode === 'add') {
        // spec: a top-level parent -1 is sent as 0
        const pId = editing.node.id === ORG_ROOT_ID ? 0 : editing.node.id;
        await callEnvelope(orgsApi.addOrg, { orgName: v.orgName, order, pId, companySysCode: company ?? '' });
      } else {
        await callEnvelope(orgsApi.editOrg, {
          id: editing.node.id,
          orgCode: editing.node.orgCode,
          orgName: v.orgName,
          order,
          pId: editing.node.pId,
        });
      }
    },
    success: Msg.saved,
    onSuccess: () => {
      setEditing(null);
      void reload();
    },
  });
  const removeOrg = useAppMutation({
    mutationFn: (node: OrgNode) => callEnvelope(orgsApi.deleteOrg, { id: node.id, orgCode: node.orgCode }),
    success: Msg.deleted,
    onSuccess: () => void reload(),
  });
  const remove = async (node: OrgNode) => {
    if (!(await confirm(`删除部门“${node.orgName}”将同时删除其下级部门，是否继续？`))) return;
    removeOrg.mutate(node);
  };

  const filtered = useMemo(() => {
    const keep = (nodes: OrgNode[]): OrgNode[] =>
      nodes.flatMap((n) => {
        const children = keep(n.children);
        return !filter || n.label.includes(filter) || children.length ? [{ ...n, children }] : [];
      });
    return keep(tree.data ?? []);
  }, [tree.data, filter]);

  const title = (node: OrgNode) => (
    <Space size={4} data-testid={`org-node-${node.orgName}`}>
      <span>{node.label}</span>
      {can(Perm.OrgAdd) && (
        <Button
          type="link"
          size="small"
          icon={<PlusOutlined />}
          title="新增下级部门"
          onClick={(e) => {
            e.stopPropagation();
            open('add', node);
          }}
          data-testid={`org-add-${node.orgName}`}
        />
      )}
      {node.id !== ORG_ROOT_ID && can(Perm.OrgEdit) && (
        <Button
          type="link"
          size="small"
          icon={<EditOutlined />}
          title="编辑"
          onClick={(e) => {
            e.stopPropagation();
            open('edit', node);
          }}
          data-testid={`org-edit-${node.orgName}`}
        />
      )}
      {node.id !== ORG_ROOT_ID && can(Perm.OrgDelete) && (
        <Button
          type="link"
          size="small"
          danger
          icon={<DeleteOutlined />}
          title="删除"
          onClick={(e) => {
            e.stopPropagation();
            void remove(node);
          }}
          data-testid={`org-delete-${node.orgName}`}
        />
      )}
    </Space>
  );

  return (
    <Card variant="borderless" data-testid="org-admin">
      <Space style={{ marginBottom: 16 }} wrap>
        {isPlatform && <CompanySelect value={company} onChange={setCompany} />}
        <Input.Search placeholder="输入部门名称过滤" allowClear onChange={(e) => setFilter(e.target.value)} style={{ width: 240 }} />
      </Space>
      {isPlatform && !company ? (
        <Empty description={AdminMsg.pickCompany} />
      ) : tree.isLoading ? (
        <Spin />
      ) : (
        <Tree
          key={`${company}-${filter}-${tree.dataUpdatedAt}`}
          treeData={filtered as unknown as TreeDataNode[]}
          fieldNames={{ title: 'label', key: 'id', children: 'children' }}
          defaultExpandAll
          blockNode
          selectable={false}
          titleRender={(n) => title(n as unknown as OrgNode)}
        />
      )}
      <Modal
        open={Boolean(editing)}
        title={editing?.mode === 'add' ? '新增部门' : '编辑部门'}
        onCancel={closeEditor}
        onOk={() => saveOrg.mutate()}
        confirmLoading={saveOrg.isPending}
        destroyOnHidden
        data-testid="org-dialog"
      >
        <Form form={form} labelCol={{ span: 5 }}>
          {editing?.mode === 'add' && <Form.Item label="上级部门">{editing.node.label}</Form.Item>}
          <Form.Item name="orgName" label="部门名称" rules={[{ required: true, whitespace: true, message: AdminMsg.orgNameRequired }]}>
            <Input maxLength={ADMIN_NAME_MAX} data-testid="org-name" />
          </Form.Item>
          <Form.Item name="order" label="排序">
            <InputNumber min={0} precision={0} style={{ width: '100%' }} placeholder="数字越小越靠前" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
