import { PlusOutlined, SearchOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ADMIN_NAME_MAX, AdminMsg, Msg, type OrgNode, Perm, type PostView, postsApi } from '@xuetu/contract';
import { Button, Card, Empty, Form, Input, InputNumber, Modal, Space, Table, type TableColumnsType, Tree, type TreeDataNode } from 'antd';
import { useState } from 'react';
import { call, callEnvelope } from '../../../api/client';
import { callKey, useCall, useInvalidate } from '../../../api/hooks';
import { useIsMobile } from '../../../app/store/app';
import { useAppMutation } from '../../../app/useAppMutation';
import { Can } from '../../../components/Can';
import { opsColumn, RowAction, usePaging } from '../listParts';
import { CompanySelect, tableScrollX, useConfirm, useIsPlatform, useOrgTree } from '../shared';
import { useConfirmDiscard } from '../useConfirmDiscard';
import { AssignOrgDialog } from './AssignOrgDialog';

interface Row extends Partial<PostView> {
  postCode: string;
  postName: string;
  importance: number;
  orgCode?: string;
  orgName?: string;
}

/** 岗位管理 (spec §2 "Post list"): posts per department, add/edit/delete, assign departments. */
export default function PostPage() {
  const confirm = useConfirm();
  const mobile = useIsMobile();
  const isPlatform = useIsPlatform();
  const [company, setCompany] = useState<string | undefined>();
  const companySysCode = isPlatform ? (company ?? '') : '';
  const tree = useOrgTree(companySysCode);
  const [org, setOrg] = useState<OrgNode | null>(null);
  const [keyWord, setKeyWord] = useState('');
  const [keyInput, setKeyInput] = useState('');
  const paging = usePaging();
  const [editing, setEditing] = useState<{ row: Row | null } | null>(null);
  const [assign, setAssign] = useState<PostView | null>(null);
  const [form] = Form.useForm<{ postName: string; importance: number | null }>();
  // closing the dialog over unsaved input asks first
  const closeEditor = useConfirmDiscard(
    () => form.isFieldsTouched(),
    () => setEditing(null),
  );
  const ready = !isPlatform || Boolean(company);
  // one department's posts, or every post of the company
  const input = { KeyWord: keyWord, OrgCode: org?.orgCode ?? '', ...paging.page, companySysCode };
  const list = useQuery({
    queryKey: callKey(org ? postsApi.getOrgPostListPage : postsApi.getPostListPage, input),
    enabled: ready,
    placeholderData: keepPreviousData,
    queryFn: async () => {
      if (org) {
        const r = await call(postsApi.getOrgPostListPage, input);
        return { models: r.models.map((m) => ({ ...m }) as Row), totalCount: r.totalCount };
      }
      const { OrgCode: _all, ...rest } = input;
      const r = await call(postsApi.getPostListPage, rest);
      return { models: r.models as Row[], totalCount: r.totalCount };
    },
  });
  const allPosts = useCall(postsApi.getPostListPage, { pageIndex: 1, pageSize: 1000, companySysCode }, { enabled: ready });
  const invalidate = useInvalidate();
  // the user forms' post choices change too
  const reload = () => void invalidate(postsApi.getPostListPage, postsApi.getOrgPostListPage);

  /** The assignment dialog needs the post's current paths: from the row, or the full post list. */
  const openAssign = async (row: Row) => {
    if (row.orgNamePathsStr !== undefined) return setAssign(row as PostView);
    const fresh = await allPosts.refetch();
    setAssign(fresh.data?.models.find((p) => p.postCode === row.postCode) ?? null);
  };
  const openEdit = (row: Row | null) => {
    form.resetFields();
    form.setFieldsValue({ postName: row?.postName ?? '', importance: row?.importance ?? null });
    setEditing({ row });
  };
  const saveMut = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      await callEnvelope(postsApi.savePost, {
        postCode: editing?.row?.postCode ?? '',
        postName: v.postName,
        importance: v.importance ?? 0,
        orgCode: editing?.row ? '' : (org?.orgCode ?? ''),
        companySysCode,
      });
    },
    success: Msg.saved,
    onSuccess: () => {
      setEditing(null);
      reload();
    },
  });
  const save = () => saveMut.mutate();
  const removeMut = useAppMutation({
    mutationFn: (code: string) => callEnvelope(postsApi.deletePost, { PostCode: code }),
    success: Msg.deleted,
    onSuccess: () => reload(),
  });
  const remove = async (row: Row) => {
    if (!(await confirm('是否删除此岗位'))) return;
    removeMut.mutate(row.postCode);
  };
  const detachMut = useAppMutation({
    mutationFn: (row: Row) => callEnvelope(postsApi.removeorgpost, { postCode: row.postCode, orgCode: row.orgCode ?? '' }),
    success: AdminMsg.removed,
    onSuccess: () => reload(),
  });
  const detach = async (row: Row) => {
    if (!(await confirm(`确定把岗位“${row.postName}”从部门“${row.orgName}”移除吗？`))) return;
    detachMut.mutate(row);
  };

  const columns: TableColumnsType<Row> = [
    { title: '岗位名称', dataIndex: 'postName', width: 200 },
    { title: '重要程度', dataIndex: 'importance', width: 100 },
    org ? { title: '所属部门', dataIndex: 'orgName' } : { title: '所属部门', dataIndex: 'orgNameStr', ellipsis: true },
    opsColumn<Row>(280, (row) => (
      <Space size={0}>
        <RowAction action={Perm.PostEdit} onClick={() => openEdit(row)}>
          编辑
        </RowAction>
        <Can action={Perm.PostSetOrg}>
          <Button type="link" size="small" onClick={() => openAssign(row)} data-testid={`assign-${row.postName}`}>
            分配部门
          </Button>
          {org && (
            <Button type="link" size="small" onClick={() => detach(row)}>
              移除
            </Button>
          )}
        </Can>
        <RowAction action={Perm.PostDelete} danger onClick={() => remove(row)}>
          删除
        </RowAction>
      </Space>
    )),
  ];
  const toData = (nodes: OrgNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.orgCode, title: n.label, children: toData(n.children) }));
  const findOrg = (nodes: OrgNode[], code: string): OrgNode | null => {
    for (const n of nodes) {
      if (n.orgCode === code) return n;
      const hit = findOrg(n.children, code);
      if (hit) return hit;
    }
    return null;
  };

  return (
    <Card variant="borderless" data-testid="post-admin">
      {isPlatform && (
        <Space style={{ marginBottom: 16 }}>
          <CompanySelect
            value={company}
            onChange={(v) => {
              setCompany(v);
              setOrg(null);
            }}
          />
        </Space>
      )}
      {!ready ? (
        <Empty description={AdminMsg.pickCompany} />
      ) : (
        // on a phone the department tree sits above the list, not beside it (issue 23 item 12)
        <div style={{ display: 'flex', flexDirection: mobile ? 'column' : 'row', gap: 16 }} data-testid="post-panes">
          <div
            style={
              mobile
                ? { maxHeight: 240, overflow: 'auto', borderBottom: '1px solid #f0f0f0', paddingBottom: 8 }
                : { width: 260, flex: 'none', borderRight: '1px solid #f0f0f0', paddingRight: 8 }
            }
            data-testid="post-tree"
          >
            <Tree
              key={tree.dataUpdatedAt}
              defaultExpandAll
              blockNode
              treeData={toData(tree.data ?? [])}
              selectedKeys={org ? [org.orgCode] : []}
              onSelect={(keys) => {
                setOrg(keys.length ? findOrg(tree.data ?? [], String(keys[0])) : null);
                paging.first();
              }}
            />
          </div>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Space style={{ marginBottom: 16 }} wrap>
              <Input
                placeholder="岗位名称"
                allowClear
                style={{ width: 200 }}
                value={keyInput}
                onChange={(e) => setKeyInput(e.target.value)}
                onPressEnter={() => setKeyWord(keyInput.trim())}
              />
              <Button
                icon={<SearchOutlined />}
                type="primary"
                onClick={() => {
                  setKeyWord(keyInput.trim());
                  paging.first();
                }}
              >
                查询
              </Button>
              <Can action={Perm.PostAdd}>
                <Button icon={<PlusOutlined />} onClick={() => openEdit(null)} data-testid="post-add">
                  新增岗位{org ? `（${org.label}）` : ''}
                </Button>
              </Can>
            </Space>
            <Table<Row>
              rowKey={(r) => `${r.postCode}-${r.orgCode ?? ''}`}
              size="middle"
              {...paging.table(list)}
              columns={columns}
              // 120 px for 所属部门: the list still fits beside the tree at 1280 px
              scroll={{ x: tableScrollX(columns, 120) }}
            />
          </div>
        </div>
      )}
      <Modal
        open={Boolean(editing)}
        title={editing?.row ? '编辑岗位' : '新增岗位'}
        onCancel={closeEditor}
        onOk={save}
        destroyOnHidden
        data-testid="post-dialog"
      >
        <Form form={form} labelCol={{ span: 5 }}>
          <Form.Item name="postName" label="岗位名称" rules={[{ required: true, whitespace: true, message: AdminMsg.postNameRequired }]}>
            <Input maxLength={ADMIN_NAME_MAX} data-testid="post-name" />
          </Form.Item>
          <Form.Item name="importance" label="重要程度">
            <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
          </Form.Item>
        </Form>
      </Modal>
      <AssignOrgDialog post={assign} companySysCode={companySysCode} onClose={() => setAssign(null)} onSaved={reload} />
    </Card>
  );
}
