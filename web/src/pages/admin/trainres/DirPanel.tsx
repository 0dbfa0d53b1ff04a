import { DeleteOutlined, EditOutlined, FolderAddOutlined } from '@ant-design/icons';
import { Perm, type ResDirNode, TrainResLimits, TrainResMsg } from '@xuetu/contract';
import { Button, Card, Empty, Form, Input, Modal, Popconfirm, Space, Tooltip, Tree, type TreeProps } from 'antd';
import { useState } from 'react';
import { deleteResDir, saveResDir } from '../../../api/trainres';
import { useAppMutation } from '../../../app/useAppMutation';
import { useCan } from '../../../components/Can';
import { useConfirmDiscard } from '../useConfirmDiscard';

export const findDir = (nodes: ResDirNode[], code: string): ResDirNode | undefined => {
  for (const n of nodes) {
    if (n.dCode === code) return n;
    const hit = findDir(n.children, code);
    if (hit) return hit;
  }
  return undefined;
};

type Node = { key: string; title: string; children: Node[] };
const toTree = (nodes: ResDirNode[]): Node[] =>
  nodes.map((n) => ({
    key: n.dCode,
    title: `${n.dName}（${n.resCount}）${n.companySysCode ? '' : ' · 平台'}`,
    children: toTree(n.children),
  }));

/** Siblings of a node (the top level when it has no parent). */
function siblingsOf(tree: ResDirNode[], dpNo: string): ResDirNode[] {
  if (dpNo === '00') return tree;
  const walk = (nodes: ResDirNode[]): ResDirNode[] | undefined => {
    for (const n of nodes) {
      if (n.dNo === dpNo) return n.children;
      const hit = walk(n.children);
      if (hit) return hit;
    }
    return undefined;
  };
  return walk(tree) ?? [];
}

/** 资源目录 tree: select a directory; add, rename, drag to move or reorder, delete (with 编辑目录). */
export function DirPanel({
  tree,
  selected,
  onSelect,
  company,
  onChanged,
  allLabel = '全部资源',
}: {
  tree: ResDirNode[];
  selected: string;
  onSelect: (dCode: string) => void;
  company: string;
  onChanged: () => void;
  allLabel?: string;
}) {
  const can = useCan();
  const editable = can(Perm.ResDirEdit);
  const [dialog, setDialog] = useState<{ open: boolean; dCode: string; dName: string; dpNo: string }>({
    open: false,
    dCode: '',
    dName: '',
    dpNo: '',
  });
  const [form] = Form.useForm<{ dName: string }>();
  // closing the dialog over a typed name asks first
  const closeDialog = useConfirmDiscard(
    () => form.isFieldsTouched(),
    () => setDialog((d) => ({ ...d, open: false })),
  );
  const current = selected ? findDir(tree, selected) : undefined;

  const save = useAppMutation({
    mutationFn: (body: { dCode?: string; dName: string; dpNo?: string; sort?: number }) => saveResDir({ ...body, companySysCode: company }),
    success: '保存成功',
    onSuccess: () => {
      setDialog((d) => ({ ...d, open: false }));
      onChanged();
    },
  });
  const remove = useAppMutation({
    mutationFn: (code: string) => deleteResDir(code),
    success: '删除成功!',
    onSuccess: () => {
      onSelect('');
      onChanged();
    },
  });

  // drop on a node: move inside it; between nodes: move next to it (sort between the neighbours)
  const onDrop: TreeProps['onDrop'] = (info) => {
    const drag = findDir(tree, String(info.dragNode.key));
    const target = findDir(tree, String(info.node.key));
    if (!drag || !target) return;
    if (!info.dropToGap) {
      save.mutate({ dCode: drag.dCode, dName: drag.dName, dpNo: target.dNo });
      return;
    }
    const siblings = siblingsOf(tree, target.dpNo).filter((s) => s.dCode !== drag.dCode);
    const at = siblings.findIndex((s) => s.dCode === target.dCode);
    const before = info.dropPosition < 0;
    const prev = before ? siblings[at - 1] : target;
    const next = before ? target : siblings[at + 1];
    const sort = prev && next ? Math.floor((prev.sort + next.sort) / 2) : prev ? prev.sort + 10 : (next?.sort ?? 0) - 10;
    // equal neighbours leave no room: place it after the previous one
    save.mutate({
      dCode: drag.dCode,
      dName: drag.dName,
      dpNo: target.dpNo,
      sort: prev && next && sort === prev.sort ? prev.sort + 1 : sort,
    });
  };

  return (
    <Card
      variant="borderless"
      title="资源目录"
      data-testid="res-dir-panel"
      extra={
        editable && (
          <Space size={0}>
            <Tooltip title="新增目录">
              <Button
                type="text"
                icon={<FolderAddOutlined />}
                aria-label="新增目录"
                onClick={() => {
                  form.setFieldsValue({ dName: '' });
                  setDialog({ open: true, dCode: '', dName: '', dpNo: current?.dNo ?? '' });
                }}
              />
            </Tooltip>
            <Tooltip title="重命名">
              <Button
                type="text"
                icon={<EditOutlined />}
                aria-label="重命名目录"
                disabled={!current}
                onClick={() => {
                  if (!current) return;
                  form.setFieldsValue({ dName: current.dName });
                  setDialog({ open: true, dCode: current.dCode, dName: current.dName, dpNo: current.dpNo });
                }}
              />
            </Tooltip>
            <Popconfirm title="确定删除该目录及其下级目录吗？" disabled={!current} onConfirm={() => remove.mutate(selected)}>
              <Button type="text" danger icon={<DeleteOutlined />} aria-label="删除目录" disabled={!current} />
            </Popconfirm>
          </Space>
        )
      }
    >
      <Button type={selected ? 'text' : 'link'} style={{ paddingLeft: 4 }} onClick={() => onSelect('')}>
        {allLabel}
      </Button>
      {tree.length ? (
        <Tree
          blockNode
          defaultExpandAll
          draggable={editable ? { icon: false } : false}
          onDrop={onDrop}
          selectedKeys={selected ? [selected] : []}
          treeData={toTree(tree)}
          onSelect={(keys) => onSelect(String(keys[0] ?? ''))}
        />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="暂无目录" />
      )}
      <Modal
        open={dialog.open}
        title={dialog.dCode ? '重命名目录' : '新增目录'}
        okText="保存"
        destroyOnHidden
        confirmLoading={save.isPending}
        onCancel={closeDialog}
        onOk={() =>
          form.validateFields().then(
            (v) => save.mutate({ dCode: dialog.dCode || undefined, dName: v.dName, dpNo: dialog.dpNo }),
            () => undefined, // the form shows what is wrong
          )
        }
      >
        <Form form={form} layout="vertical">
          <Form.Item name="dName" label="目录名称" rules={[{ required: true, whitespace: true, message: TrainResMsg.dirNameRequired }]}>
            <Input maxLength={TrainResLimits.nameMax} placeholder="请输入目录名称" />
          </Form.Item>
        </Form>
      </Modal>
    </Card>
  );
}
