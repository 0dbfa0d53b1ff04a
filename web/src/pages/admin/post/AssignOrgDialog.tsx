import { CloseOutlined } from '@ant-design/icons';
import { Msg, type OrgNode, type PostView, postsApi } from '@xuetu/contract';
import { Empty, List, Modal, Space, Tree, type TreeDataNode, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { callEnvelope } from '../../../api/client';
import { useAppMutation } from '../../../app/useAppMutation';
import { useOrgTree } from '../shared';

/** Post → departments (spec: selected paths, comma ids top to leaf; saved OrgIds are each path's last id). */
export function AssignOrgDialog(props: { post: PostView | null; companySysCode?: string; onClose: () => void; onSaved: () => void }) {
  const save = useAppMutation({
    mutationFn: (postCode: string) => callEnvelope(postsApi.setOrgPostBySelectOrg, { PostCode: postCode, OrgIds: checked }),
    success: Msg.saved,
    onSuccess: () => {
      props.onSaved();
      props.onClose();
    },
  });
  const tree = useOrgTree(props.companySysCode ?? '');
  const [paths, setPaths] = useState<number[][]>([]);
  useEffect(() => {
    const s = props.post?.orgNamePathsStr ?? '';
    setPaths(s ? s.split('|').map((p) => p.split(',').map(Number)) : []);
  }, [props.post]);
  const { byId, pathOf } = useMemo(() => {
    const byId = new Map<number, OrgNode>();
    const parent = new Map<number, number>();
    const walk = (nodes: OrgNode[], p?: number) =>
      nodes.forEach((n) => {
        byId.set(n.id, n);
        if (p !== undefined) parent.set(n.id, p);
        walk(n.children, n.id);
      });
    walk(tree.data ?? []);
    const pathOf = (id: number) => {
      const out = [id];
      let cur = parent.get(id);
      while (cur !== undefined) {
        out.unshift(cur);
        cur = parent.get(cur);
      }
      return out;
    };
    return { byId, pathOf };
  }, [tree.data]);
  const checked = paths.map((p) => p[p.length - 1]);
  const toData = (nodes: OrgNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: n.label, children: toData(n.children) }));

  return (
    <Modal
      open={Boolean(props.post)}
      title="分配部门"
      width={760}
      onCancel={props.onClose}
      destroyOnHidden
      data-testid="assign-org-dialog"
      onOk={() => props.post && save.mutate(props.post.postCode)}
      confirmLoading={save.isPending}
    >
      <Typography.Paragraph>
        岗位：<b>{props.post?.postName}</b>
      </Typography.Paragraph>
      <div style={{ display: 'flex', gap: 16 }}>
        <div style={{ flex: 1, maxHeight: 400, overflow: 'auto', border: '1px solid #f0f0f0', padding: 8 }}>
          <Tree
            checkable
            checkStrictly
            defaultExpandAll
            key={tree.dataUpdatedAt}
            treeData={toData(tree.data ?? [])}
            checkedKeys={checked}
            onCheck={(keys) => {
              const list = (Array.isArray(keys) ? keys : keys.checked).map(Number);
              setPaths(list.map((id) => pathOf(id)));
            }}
          />
        </div>
        <div style={{ flex: 1 }}>
          <Typography.Text strong>已选部门</Typography.Text>
          {paths.length === 0 ? (
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="未选择部门" />
          ) : (
            <List
              size="small"
              dataSource={paths}
              renderItem={(p) => (
                <List.Item
                  actions={[
                    <CloseOutlined key="rm" onClick={() => setPaths((all) => all.filter((x) => x !== p))} style={{ cursor: 'pointer' }} />,
                  ]}
                >
                  <Space size={4}>{p.map((id) => byId.get(id)?.label ?? id).join(' / ')}</Space>
                </List.Item>
              )}
            />
          )}
        </div>
      </div>
    </Modal>
  );
}
