import { type ExamResultRow, ExamUserStatus, PASS_RESULT_TEXT, userexamApi } from '@xuetu/contract';
import { Button, Modal, Spin, Table, Tabs, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { callDownload } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { ExamResultDialog } from '../../../learner/examview/ExamResultDialog';
import { DownloadButton } from '../shared';
import { StatisticsPanel } from './StatisticsPanel';

// the item analysis tab carries the chart library (echarts): fetched only when the tab is opened
const ItemAnalysisPanel = lazy(() => import('./ItemAnalysisPanel'));

/** The state of one attempt as the spec's result list shows it (§4: awaiting marking, confidential, pass, fail). */
export function resultTag(r: Pick<ExamResultRow, 'status' | 'isPass' | 'delayMarkingPapers'>) {
  if (r.status !== ExamUserStatus.Done) return <Tag>作答中</Tag>;
  if (r.delayMarkingPapers > 0) return <Tag color="processing">待阅卷</Tag>;
  if (r.isPass === -2) return <Tag color="default">保密</Tag>;
  return r.isPass === 1 ? <Tag color="success">{PASS_RESULT_TEXT.passed}</Tag> : <Tag color="error">{PASS_RESULT_TEXT.failed}</Tag>;
}

/** spec §4: the view link is hidden while waiting for marking or confidential (and while in progress). */
export const canView = (r: ExamResultRow) => r.status === ExamUserStatus.Done && r.delayMarkingPapers === 0 && r.isPass !== -2;

/**
 * The exam result list dialog (1080 px): one row per attempt (GetExamResultList), each opening
 * the 考试结果 dialog; a statistics tab (GetStatistics); and the workbook export (ExportResults).
 */
export function ResultListDialog({ exam, onClose }: { exam: { examCode: string; examName: string } | null; onClose: () => void }) {
  const [viewing, setViewing] = useState<number | null>(null);
  const [tab, setTab] = useState('list');
  const examCode = exam?.examCode ?? '';
  const rows = useCall(userexamApi.getExamResultList, { exammcode: examCode }, { enabled: !!examCode });
  // the workbook (.xlsx, named by the server), asked for with a POST body
  const exportResults = useAppMutation({
    mutationFn: () => callDownload(userexamApi.exportResults, { examCode }, { fileName: '考试成绩.xlsx', sendAs: 'POST' }),
  });
  return (
    <Modal
      open={!!exam}
      title={`考试成绩：${exam?.examName ?? ''}`}
      width={1080}
      onCancel={() => {
        setTab('list');
        onClose();
      }}
      destroyOnHidden
      footer={[
        <DownloadButton key="export" download={exportResults} testId="export-results">
          导出成绩
        </DownloadButton>,
        <Button
          key="close"
          type="primary"
          onClick={() => {
            setTab('list');
            onClose();
          }}
        >
          关闭
        </Button>,
      ]}
    >
      {exam && (
        <Tabs
          activeKey={tab}
          onChange={setTab}
          items={[
            {
              key: 'list',
              label: '成绩列表',
              children: (
                <Table<ExamResultRow>
                  rowKey="id"
                  size="small"
                  loading={rows.isFetching}
                  dataSource={rows.data ?? []}
                  scroll={{ x: 960 }}
                  pagination={{ pageSize: 20, showSizeChanger: false, showTotal: (t) => `共 ${t} 条` }}
                  data-testid="result-list"
                  columns={[
                    { title: '姓名', dataIndex: 'chnName', width: 100 },
                    { title: '部门', dataIndex: 'orgName', width: 140, ellipsis: true },
                    { title: '第几次', dataIndex: 'attemptNo', width: 70 },
                    { title: '开始时间', dataIndex: 'startTime', width: 170 },
                    {
                      title: '交卷时间',
                      dataIndex: 'endTime',
                      width: 170,
                      render: (t: string, r) => (r.status === ExamUserStatus.Done ? t : ''),
                    },
                    {
                      title: '得分',
                      dataIndex: 'score',
                      width: 80,
                      render: (s: number | null, r) => (r.status === ExamUserStatus.Done && r.delayMarkingPapers === 0 ? (s ?? '') : '—'),
                    },
                    { title: '结果', key: 'isPass', width: 90, render: (_: unknown, r) => resultTag(r) },
                    { title: '待阅题数', dataIndex: 'delayMarkingPapers', width: 90 },
                    {
                      title: '离开页面',
                      dataIndex: 'leaveCount',
                      width: 90,
                      render: (n: number, r) =>
                        n > 0 ? (
                          <span title={r.leaveTimes.join('\n')} data-testid={`result-leaves-${r.id}`}>
                            {n} 次
                          </span>
                        ) : (
                          0
                        ),
                    },
                    {
                      title: '操作',
                      key: 'op',
                      width: 80,
                      fixed: 'right',
                      render: (_: unknown, r) =>
                        canView(r) ? (
                          <Button size="small" type="link" onClick={() => setViewing(r.id)} data-testid="result-view">
                            查看
                          </Button>
                        ) : null,
                    },
                  ]}
                />
              ),
            },
            { key: 'stats', label: '统计分析', children: <StatisticsPanel examCode={examCode} /> },
            {
              key: 'analysis',
              label: '试题分析',
              children: (
                <Suspense fallback={<Spin style={{ display: 'block', margin: '40px auto' }} />}>
                  <ItemAnalysisPanel examCode={examCode} />
                </Suspense>
              ),
            },
          ]}
        />
      )}
      <ExamResultDialog userpaperId={viewing} onClose={() => setViewing(null)} />
    </Modal>
  );
}
