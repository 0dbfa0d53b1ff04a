import { keepPreviousData } from '@tanstack/react-query';
import { AUDIT_ACTION_LABELS, type AuditLogView, auditlogApi } from '@xuetu/contract';
import { Card, Input, Select, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useCall } from '../../../api/hooks';
import { DEFAULT_PAGE, pager, tableScrollX } from '../shared';

// one option per operation (two codes with the same label would show twice)
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .filter(([value]) => value !== 'User.AddUser')
  .map(([value, label]) => ({ value, label }));
const named = (name: string, code: string) => (name ? (code && code !== name ? `${name}（${code}）` : name) : code);

/** 操作日志: every administrative write — who, what, when, from where (DESIGN.md §4). */
export default function AuditLogPage() {
  const [key, setKey] = useState('');
  const [action, setAction] = useState('');
  const [page, setPage] = useState(DEFAULT_PAGE);
  const list = useCall(auditlogApi.getAuditLogPage, { key, action, ...page }, { placeholderData: keepPreviousData });
  const columns: TableColumnsType<AuditLogView> = [
    { title: '时间', dataIndex: 'createTime', width: 170 },
    { title: '操作人', dataIndex: 'actorName', width: 180 },
    { title: '操作', dataIndex: 'action', width: 150, render: (a: string) => AUDIT_ACTION_LABELS[a] ?? a },
    { title: '对象', dataIndex: 'target', ellipsis: true, render: (_: string, r) => named(r.targetName, r.target) },
    { title: '公司', dataIndex: 'companyName', width: 160, ellipsis: true, render: (n: string) => n || '平台' },
    { title: 'IP', dataIndex: 'ip', width: 140 },
  ];
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
        <Select
          aria-label="操作"
          placeholder="操作"
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          style={{ width: 200 }}
          options={ACTION_OPTIONS}
          value={action || undefined}
          onChange={(v?: string) => {
            setAction(v ?? '');
            setPage(DEFAULT_PAGE);
          }}
          data-testid="audit-action"
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
        columns={columns}
        // 120 px for 对象 and 48 for the expander: at 1280 px it fits the card without scrolling
        scroll={{ x: tableScrollX(columns, 120) + 48 }}
      />
    </Card>
  );
}
