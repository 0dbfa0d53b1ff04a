import { type ExamStatistics, userexamApi } from '@xuetu/contract';
import { Card, Col, Empty, Progress, Row, Spin, Table, Typography } from 'antd';
import { useCall } from '../../../../api/hooks';
import { figureCols, questionColumns, questionTable } from '../shared/questionStats';

const percent = (r: number) => Math.round(r * 100);

/**
 * The score distribution as plain bars (no chart library: ten buckets need none). Each bar's
 * height is its share of the largest bucket; the count sits on top, the range below.
 */
export function DistributionChart({ buckets }: { buckets: ExamStatistics['distribution'] }) {
  const top = Math.max(1, ...buckets.map((b) => b.count));
  return (
    <div role="img" aria-label="成绩分布" data-testid="score-distribution">
      <div style={{ display: 'flex', alignItems: 'flex-end', gap: 6, height: 160, borderBottom: '1px solid #d9d9d9' }}>
        {buckets.map((b) => (
          <div
            key={b.label}
            style={{ flex: 1, display: 'flex', flexDirection: 'column', justifyContent: 'flex-end', height: '100%', minWidth: 0 }}
            title={`${b.label}：${b.count} 人`}
            data-testid="distribution-bar"
            data-count={b.count}
          >
            <div style={{ textAlign: 'center', fontSize: 12, color: '#595959' }}>{b.count}</div>
            <div
              style={{
                height: `${(b.count / top) * 130}px`,
                minHeight: b.count ? 2 : 0,
                background: '#409EFF',
                borderRadius: '3px 3px 0 0',
              }}
            />
          </div>
        ))}
      </div>
      <div style={{ display: 'flex', gap: 6, marginTop: 4 }}>
        {buckets.map((b) => (
          <div
            key={b.label}
            style={{ flex: 1, minWidth: 0, textAlign: 'center', fontSize: 11, color: 'var(--xt-text-tertiary)', overflowWrap: 'anywhere' }}
          >
            {b.label}
          </div>
        ))}
      </div>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        每人取最高一次交卷成绩，按占总分的比例分段
      </Typography.Text>
    </div>
  );
}

/** 统计分析 of one exam (GetStatistics): people, pass rate, scores, distribution, per-question correct rate. */
export function StatisticsPanel({ examCode }: { examCode: string }) {
  const q = useCall(userexamApi.getStatistics, { examCode });
  if (q.isError) return <Empty description="统计加载失败" />;
  if (!q.data) return <Spin style={{ display: 'block', margin: '40px auto' }} />;
  const s = q.data;
  return (
    <div data-testid="exam-statistics">
      <Row gutter={[16, 16]}>
        {figureCols([
          { title: '参考人数', value: s.participants },
          { title: '已交卷人数', value: s.submitted },
          { title: '平均分', value: s.averageScore },
          { title: '最高分', value: s.highestScore },
          { title: '最低分', value: s.lowestScore },
          { title: '待阅卷', value: s.awaitingMarking, suffix: '份' },
        ])}
      </Row>
      <Row gutter={[16, 16]} style={{ marginTop: 16 }}>
        <Col xs={24} md={8}>
          <Card size="small" title="通过率">
            <div style={{ textAlign: 'center' }} data-testid="pass-rate">
              <Progress type="circle" aria-label="及格率" percent={percent(s.passRate)} format={(p) => `${p}%`} />
              <div style={{ marginTop: 8 }}>
                <Typography.Text type="secondary">
                  通过 {s.passed} 人 / 已交卷 {s.submitted} 人（及格线 {s.passScore} 分，总分 {s.totlescore} 分）
                </Typography.Text>
              </div>
            </div>
          </Card>
        </Col>
        <Col xs={24} md={16}>
          <Card size="small" title="成绩分布">
            <DistributionChart buckets={s.distribution} />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="各题正确率" style={{ marginTop: 16 }}>
        <Table
          {...questionTable(s.questions, 720, 'question-rates')}
          columns={[
            ...questionColumns,
            { title: '作答人次', dataIndex: 'answered', width: 90 },
            { title: '全对人次', dataIndex: 'correct', width: 90 },
            {
              title: '正确率',
              dataIndex: 'correctRate',
              width: 180,
              render: (r: number) => <Progress aria-label="正确率" percent={percent(r)} size="small" />,
            },
          ]}
        />
      </Card>
    </div>
  );
}
