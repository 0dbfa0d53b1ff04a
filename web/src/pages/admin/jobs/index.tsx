import { keepPreviousData } from '@tanstack/react-query';
import { JOB_STATUS_LABELS, JobStatus, type JobView, jobsApi, Perm } from '@xuetu/contract';
import { Button, Popconfirm, Progress, Select, Space, Table, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/client';
import { useCall } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { useCan } from '../../../components/Can';
import { ListCard, usePaging } from '../listParts';
import { tableScrollX } from '../shared';

const STATUS_COLORS: Record<JobStatus, string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error' };
const STATUS_OPTIONS = [
  { value: '', label: '全部状态' },
  ...Object.values(JobStatus).map((s) => ({ value: s, label: JOB_STATUS_LABELS[s] })),
];

/** A job's result on one line: `added: 600, updated: 0` (nested values as JSON). */
function compactResult(result: Record<string, unknown> | null): string {
  if (!result) return '';
  return Object.entries(result)
    .map(([k, v]) => `${k}: ${typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)}`)
    .join(', ');
}

/** 系统管理 → 后台任务: what the background jobs are doing, their progress and why one failed. */
export default function JobsPage() {
  const can = useCan();
  const [status, setStatus] = useState<JobStatus | ''>('');
  const paging = usePaging();
  const list = useCall(
    jobsApi.getJobPageList,
    { status, ...paging.page },
    {
      placeholderData: keepPreviousData,
      // while something is queued or running, follow it
      refetchInterval: (q) =>
        q.state.data?.models.some((j) => j.status === JobStatus.Queued || j.status === JobStatus.Running) ? 3_000 : false,
    },
  );
  const retry = useAppMutation({
    mutationFn: (id: number) => call(jobsApi.retry, { id }),
    success: '任务已重新排队',
    invalidate: [jobsApi.getJobPageList],
  });
  const columns: TableColumnsType<JobView> = [
    { title: '编号', dataIndex: 'id', width: 80 },
    {
      title: '任务',
      dataIndex: 'title',
      width: 240,
      render: (title: string, j) => (
        <span title={j.kind}>
          {title}
          <Typography.Text type="secondary" style={{ marginLeft: 8, fontSize: 12 }}>
            {j.kind}
          </Typography.Text>
        </span>
      ),
    },
    {
      title: '状态',
      dataIndex: 'status',
      width: 100,
      render: (s: JobStatus) => <Tag color={STATUS_COLORS[s]}>{JOB_STATUS_LABELS[s]}</Tag>,
    },
    {
      title: '进度',
      dataIndex: 'progress',
      width: 160,
      render: (p: number, j) => (
        <Progress aria-label="进度" percent={p} size="small" status={j.status === JobStatus.Failed ? 'exception' : undefined} />
      ),
    },
    { title: '尝试次数', width: 100, render: (_, j) => `${j.attempts} / ${j.maxAttempts}` },
    { title: '创建时间', dataIndex: 'createTime', width: 170 },
    { title: '完成时间', dataIndex: 'finishTime', width: 170, render: (v: string) => v || '—' },
    {
      title: '结果',
      dataIndex: 'result',
      width: 200,
      ellipsis: true,
      render: (r: JobView['result']) => compactResult(r) || '—',
    },
    {
      title: '最后一次错误',
      dataIndex: 'lastError',
      width: 240,
      ellipsis: true,
      render: (e: string) => (e ? <Typography.Text type="danger">{e}</Typography.Text> : '—'),
    },
    {
      title: '操作',
      width: 90,
      fixed: 'right',
      render: (_, j) =>
        can(Perm.JobRetry) && j.status === JobStatus.Failed ? (
          <Popconfirm title="确定重新运行该任务吗？" okText="确定" cancelText="取消" onConfirm={() => retry.mutate(j.id)}>
            <Button type="link" size="small" loading={retry.isPending && retry.variables === j.id} data-testid="job-retry">
              重试
            </Button>
          </Popconfirm>
        ) : null,
    },
  ];
  return (
    <ListCard
      testId="jobs-admin"
      wrap
      toolbar={
        <>
          <Select
            aria-label="任务状态"
            style={{ width: 160 }}
            value={status}
            options={STATUS_OPTIONS}
            onChange={paging.resetting(setStatus)}
          />
          <Button onClick={() => list.refetch()} loading={list.isFetching}>
            刷新
          </Button>
        </>
      }
    >
      <Table<JobView>
        rowKey="id"
        size="small"
        {...paging.table(list)}
        // the first load only: a refresh keeps the rows in view
        loading={list.isLoading}
        locale={{ emptyText: '暂无后台任务' }}
        expandable={{
          expandedRowRender: (j) => (
            <Space orientation="vertical" style={{ width: '100%' }}>
              {j.lastError && (
                <Typography.Paragraph code style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                  {j.lastError}
                </Typography.Paragraph>
              )}
              {j.result && (
                <div data-testid="job-result">
                  <Typography.Text type="secondary">结果</Typography.Text>
                  <pre style={{ maxHeight: 240, overflow: 'auto', margin: '4px 0 0' }}>{JSON.stringify(j.result, null, 2)}</pre>
                </div>
              )}
            </Space>
          ),
          rowExpandable: (j) => Boolean(j.lastError || j.result),
        }}
        columns={columns}
        // every column has its width and the expander 48 px: on a phone the table scrolls in its box;
        // the unsized 任务 column used to get what was left of a too-small scroll.x, a character a line
        scroll={{ x: tableScrollX(columns) + 48 }}
      />
    </ListCard>
  );
}
