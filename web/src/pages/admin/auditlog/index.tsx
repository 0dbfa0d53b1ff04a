import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { AuditLogView } from '@xuetu/contract';
import { Card, Input, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { getAuditLogPage } from '../../../api/imports';
import { DEFAULT_PAGE, pager } from '../shared';

const LABELS: Record<string, string> = {
  'user.add': '新增学员',
  'user.edit': '编辑学员',
  'user.enable': '启用用户',
  'user.disable': '停用用户',
  'user.setCompany': '分配公司',
  'user.setRoles': '分配角色',
  'user.resetPassword': '重置密码',
  'user.import': '导入学员',
  'user.export': '导出学员',
  'org.add': '新增部门',
  'org.edit': '编辑部门',
  'org.delete': '删除部门',
  'post.add': '新增岗位',
  'post.edit': '编辑岗位',
  'post.delete': '删除岗位',
  'post.setOrgs': '分配部门',
  'post.removeOrg': '移除岗位',
  'company.add': '新增公司',
  'company.edit': '编辑公司',
  'company.enable': '启用公司',
  'company.disable': '停用公司',
  'role.add': '新增角色',
  'role.edit': '编辑角色',
  'action.add': '新增权限',
  'action.edit': '编辑权限',
  'action.enable': '启用权限',
  'action.disable': '停用权限',
};

/** 操作日志: every administrative write — who, what, when, from where (DESIGN.md §4). */
export default function AuditLogPage() {
  const [key, setKey] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(DEFAULT_PAGE);
  const list = useQuery({
    queryKey: ['admin', 'audit', key, action, page],
    queryFn: () => getAuditLogPage({ key, action, ...page }),
    placeholderData: keepPreviousData,
  });
  return (
    <Card variant="borderless" data-testid="audit-admin">
      <Space style={{ marginBottom: 16 }} wrap>
        <Input.Search
          placeholder="操作人/对象/IP"
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => {
            setKey(v);
            setPage(DEFAULT_PAGE);
          }}
        />
        <Input.Search
          placeholder="操作，如 user.disable"
          allowClear
          style={{ width: 240 }}
          onSearch={(v) => {
            setAction(v);
            setPage(DEFAULT_PAGE);
          }}
        />
      </Space>
      <Table<AuditLogView>
        rowKey="id"
        size="small"
        loading={list.isFetching}
        dataSource={list.data?.models ?? []}
        pagination={pager({ ...page, total: list.data?.totalCount ?? 0 }, (pageIndex, pageSize) => setPage({ pageIndex, pageSize }))}
        expandable={{
          expandedRowRender: (r) => (
            <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
              {r.detail || '—'}
            </Typography.Paragraph>
          ),
          rowExpandable: (r) => Boolean(r.detail),
        }}
        columns={[
          { title: '时间', dataIndex: 'createTime', width: 170 },
          { title: '操作人', dataIndex: 'actorName', width: 180 },
          { title: '操作', dataIndex: 'action', width: 180, render: (a: string) => (LABELS[a] ? `${LABELS[a]}（${a}）` : a) },
          { title: '对象', dataIndex: 'target', ellipsis: true },
          { title: '公司', dataIndex: 'companySysCode', width: 140 },
          { title: 'IP', dataIndex: 'ip', width: 140 },
        ]}
      />
    </Card>
  );
}
