import { keepPreviousData, useQueryClient } from '@tanstack/react-query';
import { type MarkingRow, userexamApi } from '@xuetu/contract';
import { App, Button, Card, Empty, Form, Select, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { call } from '../../../../api/client';
import { callKey, invalidateCalls, useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { usePaging } from '../../listParts';
import { useExamCompany } from '../shared';
import { ExamPicker } from '../shared/ExamPicker';
import { plainLine } from '../shared/questionStats';
import { MarkingDialog, type MarkValues } from './MarkingDialog';

/**
 * 阅卷: the short answers of one exam's submitted attempts, unmarked first (GetQueue), optionally
 * one question; each opens the marking dialog (Mark). A learner's total, pass and message follow
 * on the server when their last short answer is marked.
 */
export default function MarkingPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [params] = useSearchParams();
  const { company, picker } = useExamCompany();
  const [examCode, setExamCode] = useState(params.get('examCode') ?? '');
  const [qCode, setQCode] = useState('');
  const paging = usePaging();
  const [current, setCurrent] = useState<MarkingRow | null>(null);

  const queueInput = { examCode, qCode, pageIndex: paging.page.pageIndex, pageSize: paging.page.pageSize };
  const queue = useCall(userexamApi.getQueue, queueInput, { enabled: !!examCode, placeholderData: keepPreviousData });
  const stats = useCall(userexamApi.getStatistics, { examCode }, { enabled: !!examCode });
  const essayQuestions = (stats.data?.questions ?? []).filter((q) => q.qType === 5);

  const mark = useAppMutation({
    mutationFn: ({ row, values }: { row: MarkingRow; values: MarkValues; next: boolean }) =>
      call(userexamApi.mark, { userpaperId: row.userpaperId, qCode: row.qCode, score: values.score, comment: values.comment }),
    onSuccess: async (_r, { row, next }) => {
      message.success('评分已保存');
      // the queue, its statistics and the results
      await invalidateCalls(qc, 'exam-taking');
      if (!next) {
        setCurrent(null);
        return;
      }
      const fresh = qc.getQueryData<{ models: MarkingRow[] }>(callKey(userexamApi.getQueue, queueInput))?.models ?? [];
      const following = fresh.find((r) => !r.marked && !(r.userpaperId === row.userpaperId && r.qCode === row.qCode));
      setCurrent(following ?? null);
      if (!following) message.info('本页答案已全部阅完');
    },
  });

  const pick = (code: string) => {
    setExamCode(code);
    setQCode('');
    paging.reset();
  };

  return (
    <Card variant="borderless" data-testid="marking-page">
      <Form layout="inline" style={{ marginBottom: 16, rowGap: 12 }}>
        {picker && <Form.Item>{picker}</Form.Item>}
        <Form.Item label="考试">
          <ExamPicker company={company} value={examCode} onChange={pick} />
        </Form.Item>
        <Form.Item label="试题">
          <Select
            aria-label="试题"
            // on a phone: at most the screen less its label and the card's padding
            style={{ width: 'min(280px, calc(100vw - 140px))' }}
            value={qCode}
            disabled={!examCode}
            onChange={paging.resetting(setQCode)}
            options={[
              { value: '', label: '全部简答题' },
              ...essayQuestions.map((q) => ({ value: q.qCode, label: `第 ${q.order} 题 ${plainLine(q.qName).slice(0, 30)}` })),
            ]}
            data-testid="marking-question"
          />
        </Form.Item>
      </Form>
      {!examCode ? (
        <Empty description="请选择要阅卷的考试" />
      ) : (
        <>
          <Space style={{ marginBottom: 12 }} wrap>
            <Typography.Text data-testid="marking-summary">
              待阅卷答卷 <Typography.Text strong>{stats.data?.awaitingMarking ?? '—'}</Typography.Text> 份 · 简答作答{' '}
              <Typography.Text strong>{queue.data?.totalCount ?? '—'}</Typography.Text> 条
            </Typography.Text>
          </Space>
          <Table<MarkingRow>
            rowKey={(r) => `${r.userpaperId}:${r.qCode}`}
            {...paging.table(queue)}
            scroll={{ x: 900 }}
            locale={{ emptyText: <Empty description="没有需要阅卷的简答题" /> }}
            columns={[
              { title: '考生', dataIndex: 'chnName', width: 110 },
              { title: '试题', dataIndex: 'qName', width: 260, ellipsis: true, render: (h: string) => plainLine(h) },
              { title: '考生答案', dataIndex: 'answerStr', ellipsis: true },
              { title: '满分', dataIndex: 'score', width: 70 },
              { title: '得分', dataIndex: 'scoreGot', width: 70, render: (s: number | null, r) => (r.marked ? s : '—') },
              {
                title: '状态',
                dataIndex: 'marked',
                width: 80,
                render: (m: number) => (m ? <Tag color="success">已阅</Tag> : <Tag color="processing">待阅</Tag>),
              },
              {
                title: '操作',
                key: 'op',
                width: 90,
                fixed: 'right',
                render: (_: unknown, r) => (
                  <Button size="small" type="link" onClick={() => setCurrent(r)} data-testid="mark-open">
                    {r.marked ? '改分' : '阅卷'}
                  </Button>
                ),
              },
            ]}
          />
        </>
      )}
      <MarkingDialog
        row={current}
        saving={mark.isPending}
        onClose={() => setCurrent(null)}
        onSave={(values, next) => current && mark.mutate({ row: current, values, next })}
      />
    </Card>
  );
}
