import { Perm, type ResDirNode, resDirApi, TrainResLimits, TrainResMsg } from '@xuetu/contract';
import { Form, Input, Modal, type TreeProps } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/client';
import { useAppMutation } from '../../../app/useAppMutation';
import { useCan } from '../../../components/Can';
import { DirTreeCard } from '../TreeTablePage';
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
    mutationFn: (body: { dCode?: string; dName: string; dpNo?: string; sort?: number }) =>
      call(resDirApi.saveData, { ...body, companySysCode: company }),
    success: '保存成功',
    onSuccess: () => {
      setDialog((d) => ({ ...d, open: false }));
      onChanged();
    },
  });
  const remove = useAppMutation({
    mutationFn: (code: string) => call(resDirApi.deleteData, { dcode: code }),
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
    <DirTreeCard
      title="资源目录"
      testId="res-dir-panel"
      editable={editable}
      picked={Boolean(current)}
      onAdd={() => {
        form.setFieldsValue({ dName: '' });
        setDialog({ open: true, dCode: '', dName: '', dpNo: current?.dNo ?? '' });
      }}
      edit={{ tip: '重命名', label: '重命名目录' }}
      onEdit={() => {
        if (!current) return;
        form.setFieldsValue({ dName: current.dName });
        setDialog({ open: true, dCode: current.dCode, dName: current.dName, dpNo: current.dpNo });
      }}
      deleteConfirm="确定删除该目录及其下级目录吗？"
      onDelete={() => remove.mutate(selected)}
      allLabel={allLabel}
      selected={selected}
      onSelect={onSelect}
      treeData={toTree(tree)}
      treeProps={{ draggable: editable ? { icon: false } : false, onDrop }}
    >
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
    </DirTreeCard>
  );
}
