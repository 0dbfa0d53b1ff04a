import type { PostView } from '@xuetu/contract';
import { Table } from 'antd';
import { useState } from 'react';
import { usePostPage } from './queries';
import { addUnique, removeKeys, type TabProps } from './types';

const byPost = (p: PostView) => p.postCode;

/** 岗位: whole posts in a paged multi-select table. */
export function PostTab({ value, onChange, companySysCode }: TabProps<'posts'>) {
  const [page, setPage] = useState({ pageIndex: 1, pageSize: 10 });
  const posts = usePostPage(companySysCode, page);
  return (
    <Table<PostView>
      data-testid="participant-post-tab"
      rowKey="postCode"
      size="small"
      loading={posts.isFetching}
      dataSource={posts.data?.models ?? []}
      rowSelection={{
        selectedRowKeys: value.map(byPost),
        preserveSelectedRowKeys: true,
        onSelect: (p, checked) => onChange(checked ? addUnique(value, [p], byPost) : removeKeys(value, [p], byPost)),
        onSelectAll: (checked, _rows, changed) =>
          onChange(checked ? addUnique(value, changed, byPost) : removeKeys(value, changed, byPost)),
      }}
      pagination={{
        current: page.pageIndex,
        pageSize: page.pageSize,
        total: posts.data?.totalCount ?? 0,
        size: 'small',
        showTotal: (t) => `共 ${t} 条`,
        onChange: (pageIndex, pageSize) => setPage({ pageIndex, pageSize }),
      }}
      columns={[
        { title: '岗位名称', dataIndex: 'postName' },
        { title: '所属部门', dataIndex: 'orgNameStr', ellipsis: true },
      ]}
    />
  );
}
