import { EXAM_STATUS_LABELS, ExamStatus, type ExamView, examsApi, Perm } from '@xuetu/contract';
import { Button, Card, Space, Table } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useCan } from '../../../../components/Can';
import { StatusSearchForm, statusColumn, useLifecycleList } from '../../LifecycleList';
import { examCountColumns, examNameColumn, examWindowColumn } from '../shared/examColumns';
import { ExamDetailDialog } from './ExamDetailDialog';
import { ResultListDialog } from './ResultListDialog';

/**
 * 考试成绩: the company's exams; per exam the detail dialog (settings), the result list dialog
 * (one row per attempt, statistics, export) and a link to the marking screen. `?examCode=` (the
 * 成绩 link of 考试安排) opens that exam's result list at once.
 */
export default function ExamResultPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const { picker, list, search, table } = useLifecycleList(examsApi.examGetPageList);
  const [detail, setDetail] = useState<ExamView | null>(null);
  const [results, setResults] = useState<{ examCode: string; examName: string } | null>(null);
  const linked = params.get('examCode') ?? '';
  useEffect(() => {
    if (!linked || !list.data) return;
    const e = list.data.models.find((m) => m.examCode === linked);
    setResults({ examCode: linked, examName: e?.examName ?? '' });
    setParams({}, { replace: true });
  }, [linked, list.data, setParams]);

  return (
    <Card variant="borderless" data-testid="exam-result-page">
      <StatusSearchForm picker={picker} onSearch={search} keywordPlaceholder="考试名称" statusLabels={EXAM_STATUS_LABELS} />
      <Table<ExamView>
        rowKey="examCode"
        {...table}
        scroll={{ x: 1000 }}
        columns={[
          examNameColumn,
          examWindowColumn,
          { title: '总分', dataIndex: 'totlescore', width: 70 },
          { title: '及格分', dataIndex: 'passScore', width: 80 },
          statusColumn(EXAM_STATUS_LABELS),
          ...examCountColumns,
          {
            title: '操作',
            key: 'op',
            width: 220,
            fixed: 'right',
            render: (_: unknown, e) => (
              <Space size={4} wrap>
                <Button size="small" type="link" onClick={() => setDetail(e)} data-testid="exam-detail-open">
                  详情
                </Button>
                {/* drafts have no attempts */}
                {e.status !== ExamStatus.Draft && (
                  <Button
                    size="small"
                    type="link"
                    onClick={() => setResults({ examCode: e.examCode, examName: e.examName })}
                    data-testid="exam-results-open"
                  >
                    成绩
                  </Button>
                )}
                {can(Perm.ExamMark) && e.status !== ExamStatus.Draft && e.type5 > 0 && (
                  <Button size="small" type="link" onClick={() => navigate(`/exam/marking?examCode=${encodeURIComponent(e.examCode)}`)}>
                    阅卷
                  </Button>
                )}
              </Space>
            ),
          },
        ]}
      />
      <ExamDetailDialog exam={detail} onClose={() => setDetail(null)} />
      <ResultListDialog exam={results} onClose={() => setResults(null)} />
    </Card>
  );
}
