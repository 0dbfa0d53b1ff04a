import { keepPreviousData } from '@tanstack/react-query';
import { type UserRowView, usersApi } from '@xuetu/contract';
import { Button, Input, Segmented, Table, Tree } from 'antd';
import { useState } from 'react';
import { useCall } from '../../api/hooks';
import { useOrgTree, usePostPage } from './queries';
import { addUnique, flatOrgs, removeKeys, type TabProps, toTree } from './types';

const byUser = (u: UserRowView) => u.userId;
/** posts shown in the left list (a company's posts fit in one page) */
const POST_LIST = { pageIndex: 1, pageSize: 200 };

/** 学员: people of a department (organisation tree) or of a post, ticked in a paged table. */
export function UserTab({ value, onChange, companySysCode }: TabProps<'users'>) {
  const [by, setBy] = useState<'org' | 'post'>('org');
  const [filter, setFilter] = useState<{ orgCode?: string; postCode?: string; key: string }>({ key: '' });
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const tree = useOrgTree(companySysCode);
  const posts = usePostPage(companySysCode, POST_LIST);
  const users = useCall(
    usersApi.getUserList,
    {
      key: filter.key,
      status: '1',
      orgCode: filter.orgCode ?? '',
      postCode: filter.postCode ?? '',
      refCompanyCode: companySysCode,
      ...page,
    },
    { placeholderData: keepPreviousData },
  );
  const orgById = new Map(flatOrgs(tree.data ?? []).map((o) => [o.id, o]));
  const pick = (next: { orgCode?: string; postCode?: string }) => {
    setFilter((f) => ({ key: f.key, ...next }));
    setPage((p) => ({ ...p, pageIndex: 1 }));
  };

  return (
    <div style={{ display: 'flex', gap: 12 }} data-testid="participant-user-tab">
      <div style={{ width: 240, borderRight: '1px solid #f0f0f0', paddingRight: 8 }}>
        <Segmented
          block
          value={by}
          onChange={(v) => {
            setBy(v as 'org' | 'post');
            pick({});
          }}
          options={[
            { value: 'org', label: '按部门' },
            { value: 'post', label: '按岗位' },
          ]}
        />
        <div style={{ maxHeight: 360, overflow: 'auto', marginTop: 8 }}>
          {by === 'org' ? (
            <Tree
              // remount once when the data arrives so defaultExpandAll applies
              key={tree.data ? 'ready' : 'loading'}
              blockNode
              defaultExpandAll
              treeData={toTree(tree.data ?? [])}
              onSelect={(keys) => pick({ orgCode: keys.length ? orgById.get(Number(keys[0]))?.orgCode : undefined })}
            />
          ) : (
            (posts.data?.models ?? []).map((p) => (
              <Button
                key={p.postCode}
                type={filter.postCode === p.postCode ? 'primary' : 'text'}
                size="small"
                block
                style={{ textAlign: 'left', display: 'block' }}
                onClick={() => pick({ postCode: p.postCode })}
              >
                {p.postName}
              </Button>
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
            setFilter((f) => ({ ...f, key: v.trim() }));
            setPage((p) => ({ ...p, pageIndex: 1 }));
          }}
        />
        <Table<UserRowView>
          rowKey="userId"
          size="small"
          loading={users.isFetching}
          dataSource={users.data?.models ?? []}
          rowSelection={{
            selectedRowKeys: value.map(byUser),
            preserveSelectedRowKeys: true,
            onSelect: (u, checked) => onChange(checked ? addUnique(value, [u], byUser) : removeKeys(value, [u], byUser)),
            onSelectAll: (checked, _rows, changed) =>
              onChange(checked ? addUnique(value, changed, byUser) : removeKeys(value, changed, byUser)),
          }}
          pagination={{
            current: page.pageIndex,
            pageSize: page.pageSize,
            total: users.data?.totalCount ?? 0,
            size: 'small',
            showTotal: (t) => `共 ${t} 条`,
            onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
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
  );
}
