import { EXAM_STATUS_LABELS, type ExamView, examsApi, Perm } from '@xuetu/contract';
import { Button, Card, Table } from 'antd';
import { useNavigate } from 'react-router';
import { call, callEnvelope } from '../../../../api/client';
import { useInvalidate } from '../../../../api/hooks';
import { useCan } from '../../../../components/Can';
import { lifecycleColumn, useLifecycleAct } from '../../LifecycleActions';
import { StatusSearchForm, statusColumn, useLifecycleList } from '../../LifecycleList';
import { AddButton, useEditorDialog } from '../../listParts';
import { examCountColumns, examNameColumn, examWindowColumn } from '../shared/examColumns';
import { ExamEditor } from './ExamEditor';

/** 考试安排: list, editor with participants, publish / close, results link. */
export default function ExamManagePage() {
  const invalidate = useInvalidate();
  const can = useCan();
  const navigate = useNavigate();
  const { company, picker, search, table } = useLifecycleList(examsApi.examGetPageList);
  const editor = useEditorDialog();
  const act = useLifecycleAct({
    publish: (examCode) => callEnvelope(examsApi.publish, { examCode }),
    close: (examCode) => call(examsApi.close, { examCode }),
    remove: (examCode) => call(examsApi.examDelete, { examCode }),
    words: { closed: '考试已结束', deleted: '删除成功!' },
    module: 'exams',
  });
  const ops = {
    canEdit: can(Perm.ExamEdit),
    canPublish: can(Perm.ExamPublish),
    texts: {
      publish: '发布后参考人员会收到考试通知，确定发布吗？',
      close: '结束后学员不能再开始作答，确定结束吗？',
      remove: '确定删除该考试吗？',
    },
    testIdPrefix: 'exam',
  };

  return (
    <Card variant="borderless" data-testid="exam-admin">
      <StatusSearchForm
        picker={picker}
        onSearch={search}
        keywordPlaceholder="考试名称"
        statusLabels={EXAM_STATUS_LABELS}
        actions={
          <AddButton action={Perm.ExamEdit} onClick={editor.add} testId="exam-add">
            新增考试
          </AddButton>
        }
      />
      <Table<ExamView>
        rowKey="examCode"
        {...table}
        scroll={{ x: 1100 }}
        columns={[
          examNameColumn,
          { title: '试卷', dataIndex: 'paperName', width: 180, ellipsis: true },
          examWindowColumn,
          { title: '时长', dataIndex: 'time', width: 80, render: (t: number) => `${t} 分钟` },
          statusColumn(EXAM_STATUS_LABELS),
          ...examCountColumns,
          lifecycleColumn<ExamView>(260, ops, (e) => ({
            status: e.status,
            deletable: e.attemptCount === 0,
            onEdit: () => editor.edit(e.examCode),
            onAct: (kind) => act(kind, e.examCode),
            extra: can(Perm.ExamResultList) && (
              <Button size="small" type="link" onClick={() => navigate(`/exam/result?examCode=${encodeURIComponent(e.examCode)}`)}>
                成绩
              </Button>
            ),
          })),
        ]}
      />
      <ExamEditor examCode={editor.code} company={company} {...editor.dialog(() => invalidate('exams'))} />
    </Card>
  );
}
