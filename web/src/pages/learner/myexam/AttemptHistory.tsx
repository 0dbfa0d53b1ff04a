import { ExamUserStatus, type MyAttemptRow, PASS_RESULT_TEXT, userexamApi } from '@xuetu/contract';
import { Button, Table, Tag, Typography } from 'antd';
import { useCall } from '../../../api/hooks';

function state(a: MyAttemptRow) {
  if (a.status !== ExamUserStatus.Done) return <Tag>作答中</Tag>;
  if (a.delayMarkingPapers > 0) return <Tag color="processing">待阅卷</Tag>;
  if (a.isPass === -2) return <Tag>保密</Tag>;
  return a.isPass === 1 ? <Tag color="success">{PASS_RESULT_TEXT.passed}</Tag> : <Tag color="error">{PASS_RESULT_TEXT.failed}</Tag>;
}

/** 作答记录: every attempt of the learner at one exam (GetUserExamDetail), each submitted one viewable. */
export function AttemptHistory({ examCode, onView }: { examCode: string; onView: (userpaperId: number) => void }) {
  const q = useCall(userexamApi.getUserExamDetail, { excode: examCode });
  const rows = q.data?.attempts ?? [];
  if (!q.isLoading && !rows.length) return null;
  return (
    <div data-testid="attempt-history" style={{ marginTop: 12 }}>
      <Typography.Text strong>作答记录</Typography.Text>
      <Table<MyAttemptRow>
        rowKey="id"
        size="small"
        loading={q.isLoading}
        pagination={false}
        dataSource={rows}
        scroll={{ x: 480 }}
        columns={[
          { title: '次数', dataIndex: 'attemptNo', width: 60, render: (n: number) => `第 ${n} 次` },
          { title: '交卷时间', dataIndex: 'endTime', width: 160, render: (t: string, a) => (a.status === ExamUserStatus.Done ? t : '') },
          { title: '得分', dataIndex: 'score', width: 70, render: (s: number | null) => s ?? '—' },
          { title: '结果', key: 'state', width: 80, render: (_: unknown, a) => state(a) },
          {
            title: '',
            key: 'op',
            width: 60,
            render: (_: unknown, a) =>
              a.status === ExamUserStatus.Done ? (
                <Button size="small" type="link" onClick={() => onView(a.id)}>
                  查看
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
