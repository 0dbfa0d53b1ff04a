import { ITEM_FLAG_TEXT, type ItemAnalysis, type ItemAnalysisQuestion, type ItemFlag, userexamApi } from '@xuetu/contract';
import { Alert, Card, Col, Empty, Row, Space, Spin, Table, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { callDownload } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';
import { DownloadButton } from '../shared';
import { figureCols, plainLine, questionColumns, questionTable } from '../shared/questionStats';
import { type BarOption, EChart } from './EChart';

const pct = (r: number | null) => (r == null ? '—' : `${Math.round(r * 1000) / 10}%`);
const fixed = (n: number | null) => (n == null ? '—' : n.toFixed(2));

function histogramOption(a: ItemAnalysis): BarOption {
  return {
    grid: { left: 40, right: 16, top: 24, bottom: 56 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: a.histogram.map((h) => h.label), axisLabel: { interval: 0, fontSize: 11, rotate: 35 } },
    yAxis: { type: 'value', minInterval: 1, name: '人数' },
    series: [
      {
        type: 'bar',
        name: '人数',
        data: a.histogram.map((h) => h.count),
        itemStyle: { color: '#409EFF' },
        label: { show: true, position: 'top' },
      },
    ],
  };
}

function indicesOption(a: ItemAnalysis): BarOption {
  const names = a.questions.map((q) => `第${q.order}题`);
  return {
    grid: { left: 40, right: 16, top: 36, bottom: 40 },
    tooltip: { trigger: 'axis' },
    legend: { top: 0, data: ['难度（得分率）', { name: '区分度', itemStyle: { color: '#52c41a' } }] },
    xAxis: { type: 'category', data: names, axisLabel: { interval: 0, fontSize: 11 } },
    yAxis: { type: 'value', min: -1, max: 1 },
    series: [
      { type: 'bar', name: '难度（得分率）', data: a.questions.map((q) => q.facility ?? 0), itemStyle: { color: '#409EFF' } },
      {
        type: 'bar',
        name: '区分度',
        data: a.questions.map((q) => ({
          value: q.discrimination ?? 0,
          itemStyle: { color: q.flag === 'negative' ? '#f5222d' : q.flag === 'nearZero' ? '#faad14' : '#52c41a' },
        })),
      },
    ],
  };
}

function optionsOption(q: ItemAnalysisQuestion): BarOption {
  return {
    grid: { left: 36, right: 8, top: 8, bottom: 24 },
    tooltip: { trigger: 'axis' },
    xAxis: { type: 'category', data: q.options.map((o) => o.key) },
    yAxis: { type: 'value', minInterval: 1 },
    series: [
      {
        type: 'bar',
        name: '选择人数',
        data: q.options.map((o) => ({ value: o.count, itemStyle: { color: o.correct ? '#52c41a' : '#bfbfbf' } })),
        label: { show: true, position: 'top' },
      },
    ],
  };
}

const FLAG_COLOR: Record<Exclude<ItemFlag, null>, string> = { negative: 'red', nearZero: 'orange', tooEasy: 'blue', tooHard: 'purple' };

function FlagTag({ flag }: { flag: ItemFlag }) {
  return flag ? <Tag color={FLAG_COLOR[flag]}>{ITEM_FLAG_TEXT[flag]}</Tag> : null;
}

/**
 * 试题分析 of one exam (GetItemAnalysis, ADR 0041): the counted score's distribution and summary,
 * per question facility and discrimination (charts and table, flagged questions marked) and the
 * option choices; the workbook export. Lazily loaded with its chart library.
 */
export default function ItemAnalysisPanel({ examCode }: { examCode: string }) {
  const q = useCall(userexamApi.getItemAnalysis, { examCode });
  // the workbook (.xlsx, named by the server)
  const exporting = useAppMutation({
    mutationFn: () => callDownload(userexamApi.exportItemAnalysis, { examCode }, { fileName: '试题分析.xlsx' }),
  });
  const a = q.data;
  const histogram = useMemo(() => (a ? histogramOption(a) : null), [a]);
  const indices = useMemo(() => (a ? indicesOption(a) : null), [a]);
  if (q.isError) return <Empty description="试题分析加载失败" />;
  if (!a || !histogram || !indices) return <Spin style={{ display: 'block', margin: '40px auto' }} />;
  const flagged = a.questions.filter((x) => x.flag);
  return (
    <div data-testid="item-analysis">
      <Row gutter={[16, 16]} align="middle">
        {figureCols([
          { title: '计入人数', value: a.counted },
          { title: '平均分', value: a.mean, testId: 'ia-mean' },
          { title: '中位数', value: a.median },
          { title: '标准差', value: a.stdDev },
          { title: '及格率', value: pct(a.passRate) },
        ])}
        <Col xs={12} md={4} style={{ textAlign: 'right' }}>
          <DownloadButton download={exporting} testId="export-item-analysis">
            导出分析
          </DownloadButton>
        </Col>
      </Row>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        每人取最高一次交卷成绩（共 {a.submittedAttempts} 次交卷）；区分度 = 高分组（前 27%，{a.groupSize} 人）得分率 − 低分组（后
        27%）得分率
      </Typography.Text>
      {flagged.length > 0 && (
        <Alert
          style={{ marginTop: 12 }}
          type="warning"
          showIcon
          data-testid="item-flags"
          title={`需复核的试题：${flagged.map((x) => `第${x.order}题（${x.flag ? ITEM_FLAG_TEXT[x.flag] : ''}）`).join('、')}`}
        />
      )}
      <Row gutter={[16, 16]} style={{ marginTop: 12 }}>
        <Col xs={24} md={12}>
          <Card size="small" title="成绩分布">
            <EChart option={histogram} label="成绩分布" testId="ia-histogram" />
          </Card>
        </Col>
        <Col xs={24} md={12}>
          <Card size="small" title="难度与区分度">
            <EChart option={indices} label="各题难度与区分度" testId="ia-indices" />
          </Card>
        </Col>
      </Row>
      <Card size="small" title="各题分析" style={{ marginTop: 16 }}>
        <Table<ItemAnalysisQuestion>
          {...questionTable(a.questions, 900, 'item-table')}
          expandable={{
            rowExpandable: (r) => r.options.length > 0,
            expandedRowRender: (r) => (
              <Space align="start" size={24} wrap>
                <div style={{ width: 280 }}>
                  <EChart option={optionsOption(r)} height={160} label={`第${r.order}题选项选择`} />
                </div>
                <div>
                  {r.options.map((o) => (
                    <div key={o.key}>
                      {o.key}. {plainLine(o.text)}：{o.count} 人{o.correct ? '（正确答案）' : ''}
                    </div>
                  ))}
                </div>
              </Space>
            ),
          }}
          columns={[
            ...questionColumns,
            { title: '作答', dataIndex: 'answered', width: 70 },
            { title: '难度（得分率）', dataIndex: 'facility', width: 120, render: pct },
            { title: '区分度', dataIndex: 'discrimination', width: 80, render: fixed },
            {
              title: '选项选择',
              key: 'options',
              width: 220,
              render: (_: unknown, r) => r.options.map((o) => `${o.key}${o.correct ? '✓' : ''} ${o.count}`).join(' · '),
            },
            { title: '提示', dataIndex: 'flag', width: 120, render: (f: ItemFlag) => <FlagTag flag={f} /> },
          ]}
        />
      </Card>
    </div>
  );
}
