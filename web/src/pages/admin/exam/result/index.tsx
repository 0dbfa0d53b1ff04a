import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { EXAM_STATUS_LABELS, ExamStatus, type ExamView, Perm } from '@xuetu/contract';
import { Button, Card, Form, Input, Select, Space, Table, Tag } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { getExamPage } from '../../../../api/exams';
import { useCan } from '../../../../components/Can';
import { DEFAULT_PAGE, pager } from '../../shared';
import { useExamCompany } from '../shared';
import { ExamDetailDialog } from './ExamDetailDialog';
import { ResultListDialog } from './ResultListDialog';

const STATUS_COLOR = ['default', 'green', 'red'];
const STATUS_OPTIONS = Object.entries(EXAM_STATUS_LABELS).map(([v, l]) => ({ value: Number(v), label: l }));

/**
 * 考试成绩: the company's exams; per exam the detail dialog (settings), the result list dialog
 * (one row per attempt, statistics, export) and a link to the marking screen. `?examCode=` (the
 * 成绩 link of 考试安排) opens that exam's result list at once.
 */
export default function ExamResultPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const can = useCan();
  const { company, picker } = useExamCompany();
  const [filter, setFilter] = useState<{ keyword: string; status?: number }>({ keyword: '' });
  const [page, setPage] = useState(DEFAULT_PAGE);
  const [detail, setDetail] = useState<ExamView | null>(null);
  const [results, setResults] = useState<{ examCode: string; examName: string } | null>(null);
  const list = useQuery({
    queryKey: ['exam', 'exams', 'results', filter, page, company],
    queryFn: () => getExamPage({ ...filter, companySysCode: company, pageIndex: page.pageIndex, pageRows: page.pageSize }),
    placeholderData: keepPreviousData,
  });
  const linked = params.get('examCode') ?? '';
  useEffect(() => {
    if (!linked || !list.data) return;
    const e = list.data.models.find((m) => m.examCode === linked);
    setResults({ examCode: linked, examName: e?.examName ?? '' });
    setParams({}, { replace: true });
  }, [linked, list.data, setParams]);

  return (
    <Card variant="borderless" data-testid="exam-result-page">
      <Form
        layout="inline"
        style={{ marginBottom: 16, rowGap: 12 }}
        onFinish={(v: { keyword?: string; status?: number }) => {
          setFilter({ keyword: v.keyword ?? '', status: v.status });
          setPage((p) => ({ ...p, pageIndex: 1 }));
        }}
      >
        {picker && <Form.Item>{picker}</Form.Item>}
        <Form.Item name="keyword">
          <Input placeholder="考试名称" allowClear />
        </Form.Item>
        <Form.Item name="status">
          <Select style={{ width: 120 }} placeholder="状态" allowClear options={STATUS_OPTIONS} />
        </Form.Item>
        <Button type="primary" htmlType="submit">
          搜索
        </Button>
      </Form>
      <Table<ExamView>
        rowKey="examCode"
        loading={list.isFetching}
        dataSource={list.data?.models ?? []}
        scroll={{ x: 1000 }}
        pagination={pager({ ...page, total: list.data?.totalCount ?? 0 }, (pageIndex, pageSize) => setPage({ pageIndex, pageSize }))}
        columns={[
          { title: '考试名称', dataIndex: 'examName', width: 240, ellipsis: true },
          {
            title: '考试时间',
            key: 'window',
            width: 230,
            render: (_: unknown, e) => `${e.examStartTime.slice(0, 16)} 至 ${e.examEndTime.slice(5, 16)}`,
          },
          { title: '总分', dataIndex: 'totlescore', width: 70 },
          { title: '及格分', dataIndex: 'passScore', width: 80 },
          {
            title: '状态',
            dataIndex: 'status',
            width: 90,
            render: (s: number) => <Tag color={STATUS_COLOR[s]}>{EXAM_STATUS_LABELS[s]}</Tag>,
          },
          { title: '参考人数', dataIndex: 'userCount', width: 90 },
          { title: '作答次数', dataIndex: 'attemptCount', width: 90 },
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
