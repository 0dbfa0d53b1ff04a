import { keepPreviousData } from '@tanstack/react-query';
import { AUDIT_ACTION_LABELS, type AuditLogView, auditlogApi } from '@xuetu/contract';
import { Select, Table, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useCall } from '../../../api/hooks';
import { KeywordSearch, ListCard, usePaging } from '../listParts';
import { tableScrollX } from '../shared';

// one option per operation (two codes with the same label would show twice)
const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .filter(([value]) => value !== 'User.AddUser')
  .map(([value, label]) => ({ value, label }));
const named = (name: string, code: string) => (name ? (code && code !== name ? `${name}（${code}）` : name) : code);

/** 操作日志: every administrative write — who, what, when, from where (DESIGN.md §4). */
export default function AuditLogPage() {
  const [key, setKey] = useState('');
  const [action, setAction] = useState('');
  const paging = usePaging();
  const list = useCall(auditlogApi.getAuditLogPage, { key, action, ...paging.page }, { placeholderData: keepPreviousData });
  const columns: TableColumnsType<AuditLogView> = [
    { title: '时间', dataIndex: 'createTime', width: 170 },
    { title: '操作人', dataIndex: 'actorName', width: 180 },
    { title: '操作', dataIndex: 'action', width: 150, render: (a: string) => AUDIT_ACTION_LABELS[a] ?? a },
    { title: '对象', dataIndex: 'target', ellipsis: true, render: (_: string, r) => named(r.targetName, r.target) },
    { title: '公司', dataIndex: 'companyName', width: 160, ellipsis: true, render: (n: string) => n || '平台' },
    { title: 'IP', dataIndex: 'ip', width: 140 },
  ];
  return (
    <ListCard
      testId="audit-admin"
      wrap
      toolbar={
        <>
          <KeywordSearch placeholder="操作人/对象/IP" onSearch={paging.resetting(setKey)} />
          <Select
            aria-label="操作"
            placeholder="操作"
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            style={{ width: 200 }}
            options={ACTION_OPTIONS}
            value={action || undefined}
            onChange={paging.resetting((v?: string) => setAction(v ?? ''))}
            data-testid="audit-action"
          />
        </>
      }
    >
      <Table<AuditLogView>
        rowKey="id"
        size="small"
        {...paging.table(list)}
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
    </ListCard>
  );
}
