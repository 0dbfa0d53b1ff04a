import { UploadOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { AdminMsg, IMPORT_DIALOG_WIDTH, type OrgNode, type PostView, USER_TEMPLATE_URL, type UserRowView } from '@xuetu/contract';
import { App, Button, Empty, Input, Modal, Segmented, Space, Table, Tabs, Tag, Tree, type TreeDataNode, Typography, Upload } from 'antd';
import { useEffect, useState } from 'react';
import { uploadTemporarily, userExportIn } from '../../api/imports';
import { getOrgTree } from '../../api/orgs';
import { getPostListPage } from '../../api/posts';
import { getUserList } from '../../api/users';

export type ParticipantTab = 'user' | 'org' | 'post' | 'import';

export interface ParticipantOrg {
  id: number;
  orgCode: string;
  orgName: string;
}

/** What the dialog hands back: people, whole departments and whole posts. */
export interface ParticipantSelection {
  users: UserRowView[];
  orgs: ParticipantOrg[];
  posts: PostView[];
}

export interface ParticipantSelectProps {
  open: boolean;
  onCancel: () => void;
  onOk: (selection: ParticipantSelection) => void;
  /** which tabs to show (default all four) */
  tabs?: ParticipantTab[];
  /** platform staff: the company whose people are chosen */
  companySysCode?: string;
  title?: string;
}

const EMPTY: ParticipantSelection = { users: [], orgs: [], posts: [] };
const toTree = (nodes: OrgNode[]): TreeDataNode[] => nodes.map((n) => ({ key: n.id, title: n.label, children: toTree(n.children) }));
const flatOrgs = (nodes: OrgNode[]): OrgNode[] => nodes.flatMap((n) => [n, ...flatOrgs(n.children)]);

/**
 * 学员查询 (spec §2 "Participant selection dialog", 1080 px): users by organisation or post,
 * departments, posts, and learners imported from a spreadsheet. Opening resets every selection;
 * each selected item can be removed on its own. Training projects and exams use it.
 */
export function ParticipantSelect({
  open,
  onCancel,
  onOk,
  tabs = ['user', 'org', 'post', 'import'],
  companySysCode = '',
  title = '学员查询',
}: ParticipantSelectProps) {
  const { message } = App.useApp();
  const [sel, setSel] = useState<ParticipantSelection>(EMPTY);
  const [tab, setTab] = useState<ParticipantTab>(tabs[0]);
  const [by, setBy] = useState<'org' | 'post'>('org');
  const [filter, setFilter] = useState<{ orgCode?: string; postCode?: string; key: string }>({ key: '' });
  const [userPage, setUserPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [postPage, setPostPage] = useState({ pageIndex: 1, pageSize: 10 });
  const [importMsg, setImportMsg] = useState('');
  const [importing, setImporting] = useState(false);

  useEffect(() => {
    if (!open) return;
    // spec: opening resets all selections
    setSel(EMPTY);
    setTab(tabs[0]);
    setFilter({ key: '' });
    setImportMsg('');
    setUserPage({ pageIndex: 1, pageSize: 10 });
  }, [open, tabs[0]]);

  const tree = useQuery({
    queryKey: ['participant', 'orgTree', companySysCode],
    queryFn: () => getOrgTree({ showTop: 0, companySysCode }),
    enabled: open,
  });
  const posts = useQuery({
    queryKey: ['participant', 'posts', companySysCode, postPage],
    queryFn: () => getPostListPage({ ...postPage, companySysCode }),
    enabled: open,
    placeholderData: keepPreviousData,
  });
  const users = useQuery({
    queryKey: ['participant', 'users', companySysCode, filter, userPage],
    queryFn: () =>
      getUserList({
        key: filter.key,
        status: '1',
        orgCode: filter.orgCode,
        postCode: filter.postCode,
        refCompanyCode: companySysCode,
        ...userPage,
      }),
    enabled: open && tab === 'user',
    placeholderData: keepPreviousData,
  });
  const orgById = new Map(flatOrgs(tree.data ?? []).map((o) => [o.id, o]));

  const addUsers = (list: UserRowView[]) =>
    setSel((s) => ({ ...s, users: [...s.users, ...list.filter((u) => !s.users.some((x) => x.userId === u.userId))] }));
  const removeUser = (id: number) => setSel((s) => ({ ...s, users: s.users.filter((u) => u.userId !== id) }));

  const importFile = async (file: File) => {
    if (!/\.(xls|xlsx)$/i.test(file.name)) return void message.warning(AdminMsg.importFileType);
    setImporting(true);
    try {
      const up = await uploadTemporarily(file);
      const res = await userExportIn([up.url]);
      addUsers(res.data);
      setImportMsg(`已匹配 ${res.data.length} 人${res.msg ? `；${res.msg}` : ''}`);
    } finally {
      setImporting(false);
    }
  };

  const selectedTags = (
    <div style={{ minHeight: 32, maxHeight: 96, overflow: 'auto', marginBottom: 12 }} data-testid="participant-selected">
      {sel.users.length + sel.orgs.length + sel.posts.length === 0 ? (
        <Typography.Text type="secondary">尚未选择</Typography.Text>
      ) : (
        <>
          {sel.users.map((u) => (
            <Tag key={`u${u.userId}`} closable onClose={() => removeUser(u.userId)}>
              {u.chnName}
            </Tag>
          ))}
          {sel.orgs.map((o) => (
            <Tag
              key={`o${o.id}`}
              color="blue"
              closable
              onClose={() => setSel((s) => ({ ...s, orgs: s.orgs.filter((x) => x.id !== o.id) }))}
            >
              部门：{o.orgName}
            </Tag>
          ))}
          {sel.posts.map((p) => (
            <Tag
              key={`p${p.postCode}`}
              color="green"
              closable
              onClose={() => setSel((s) => ({ ...s, posts: s.posts.filter((x) => x.postCode !== p.postCode) }))}
            >
              岗位：{p.postName}
            </Tag>
          ))}
        </>
      )}
    </div>
  );

  const items = [
    {
      key: 'user',
      label: '学员',
      children: (
        <div style={{ display: 'flex', gap: 12 }}>
          <div style={{ width: 240, borderRight: '1px solid #f0f0f0', paddingRight: 8 }}>
            <Segmented
              block
              value={by}
              onChange={(v) => {
                setBy(v as 'org' | 'post');
                setFilter((f) => ({ key: f.key }));
              }}
              options={[
                { value: 'org', label: '按部门' },
                { value: 'post', label: '按岗位' },
              ]}
            />
            <div style={{ maxHeight: 360, overflow: 'auto', marginTop: 8 }}>
              {by === 'org' ? (
                <Tree
                  key={tree.data ? 'ready' : 'loading'}
                  blockNode
                  defaultExpandAll
                  treeData={toTree(tree.data ?? [])}
                  onSelect={(keys) =>
                    setFilter((f) => ({ key: f.key, orgCode: keys.length ? orgById.get(Number(keys[0]))?.orgCode : undefined }))
                  }
                />
              ) : (
                (posts.data?.models ?? []).map((p) => (
                  <div key={p.postCode}>
                    <Button
                      type={filter.postCode === p.postCode ? 'primary' : 'text'}
                      size="small"
                      block
                      style={{ textAlign: 'left' }}
                      onClick={() => setFilter((f) => ({ key: f.key, postCode: p.postCode }))}
                    >
                      {p.postName}
                    </Button>
                  </div>
                ))
              )}
            </div>
          </div>
          <div style={{ flex: 1, minWidth: 0 }}>
            <Input.Search
              placeholder="姓名/身份证/手机号"
              allowClear
              style={{ width: 260, marginBottom: 8 }}
              onSearch={(v) => {
                setFilter((f) => ({ ...f, key: v }));
                setUserPage((p) => ({ ...p, pageIndex: 1 }));
              }}
            />
            <Table<UserRowView>
              rowKey="userId"
              size="small"
              loading={users.isFetching}
              dataSource={users.data?.models ?? []}
              rowSelection={{
                selectedRowKeys: sel.users.map((u) => u.userId),
                preserveSelectedRowKeys: true,
                onSelect: (u, checked) => (checked ? addUsers([u]) : removeUser(u.userId)),
                onSelectAll: (checked, _rows, changed) =>
                  checked
                    ? addUsers(changed)
                    : setSel((s) => ({ ...s, users: s.users.filter((u) => !changed.some((c) => c.userId === u.userId)) })),
              }}
              pagination={{
                current: userPage.pageIndex,
                pageSize: userPage.pageSize,
                total: users.data?.totalCount ?? 0,
                size: 'small',
                showTotal: (t) => `共 ${t} 条`,
                onChange: (pageIndex, pageSize) => setUserPage({ pageIndex, pageSize }),
              }}
              columns={[
                { title: '姓名', dataIndex: 'chnName', width: 100 },
                { title: '部门', dataIndex: 'orgCodeName' },
                { title: '岗位', dataIndex: 'postCodeName' },
                { title: '手机号', dataIndex: 'mobile', width: 120 },
              ]}
            />
          </div>
        </div>
      ),
    },
    {
      key: 'org',
      label: '部门',
      children: (
        <div style={{ maxHeight: 420, overflow: 'auto' }}>
          {tree.data?.length ? (
            <Tree
              key={tree.data ? 'ready' : 'loading'}
              checkable
              checkStrictly
              defaultExpandAll
              treeData={toTree(tree.data ?? [])}
              checkedKeys={sel.orgs.map((o) => o.id)}
              onCheck={(keys) => {
                const ids = (Array.isArray(keys) ? keys : keys.checked).map(Number);
                setSel((s) => ({
                  ...s,
                  orgs: ids
                    .map((id) => orgById.get(id))
                    .filter((o): o is OrgNode => Boolean(o))
                    .map((o) => ({ id: o.id, orgCode: o.orgCode, orgName: o.orgName })),
                }));
              }}
            />
          ) : (
            <Empty />
          )}
        </div>
      ),
    },
    {
      key: 'post',
      label: '岗位',
      children: (
        <Table<PostView>
          rowKey="postCode"
          size="small"
          loading={posts.isFetching}
          dataSource={posts.data?.models ?? []}
          rowSelection={{
            selectedRowKeys: sel.posts.map((p) => p.postCode),
            preserveSelectedRowKeys: true,
            onSelect: (p, checked) =>
              setSel((s) => ({ ...s, posts: checked ? [...s.posts, p] : s.posts.filter((x) => x.postCode !== p.postCode) })),
            onSelectAll: (checked, _rows, changed) =>
              setSel((s) => ({
                ...s,
                posts: checked
                  ? [...s.posts, ...changed.filter((c) => !s.posts.some((x) => x.postCode === c.postCode))]
                  : s.posts.filter((x) => !changed.some((c) => c.postCode === x.postCode)),
              })),
          }}
          pagination={{
            current: postPage.pageIndex,
            pageSize: postPage.pageSize,
            total: posts.data?.totalCount ?? 0,
            size: 'small',
            onChange: (pageIndex, pageSize) => setPostPage({ pageIndex, pageSize }),
          }}
          columns={[
            { title: '岗位名称', dataIndex: 'postName' },
            { title: '所属部门', dataIndex: 'orgNameStr', ellipsis: true },
          ]}
        />
      ),
    },
    {
      key: 'import',
      label: '导入学员',
      children: (
        <Space direction="vertical" style={{ width: '100%' }}>
          <Space>
            <Upload
              accept=".xls,.xlsx"
              maxCount={1}
              showUploadList={false}
              beforeUpload={(f) => {
                void importFile(f);
                false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={importing}>
                选择表格
              </Button>
            </Upload>
            <a href={USER_TEMPLATE_URL} download>
              模板下载
            </a>
          </Space>
          <Typography.Text type="secondary">按表格中的身份证号（或手机号）匹配学员，匹配到的学员加入已选。</Typography.Text>
          {importMsg && <Typography.Paragraph>{importMsg}</Typography.Paragraph>}
        </Space>
      ),
    },
  ].filter((i) => tabs.includes(i.key as ParticipantTab));

  return (
    <Modal
      open={open}
      title={title}
      width={IMPORT_DIALOG_WIDTH}
      onCancel={onCancel}
      onOk={() => onOk(sel)}
      mask={{ closable: false }}
      destroyOnHidden
      data-testid="participant-dialog"
    >
      {selectedTags}
      <Tabs activeKey={tab} onChange={(k) => setTab(k as ParticipantTab)} items={items} />
    </Modal>
  );
}

export default ParticipantSelect;
