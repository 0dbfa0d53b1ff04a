import { projectsApi, REACH_RULE_LABELS, RES_TYPE_LABELS } from '@xuetu/contract';
import { App, Button, Card, Col, Descriptions, Empty, List, Progress, Result, Row, Select, Space, Spin, Tag, Typography } from 'antd';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { call } from '../../../api/client';
import { useCall, useInvalidate } from '../../../api/hooks';
import { cardState, chinaToday, defaultPlan, openPlans, todayHint } from '../../dashboard/studyCards';
import { courseLine, courseState, studyPath } from './courseProgress';

/** /project/detail?projectCode=…: the project's card, its courses with the learner's progress, exams and rules. */
export default function ProjectDetailPage() {
  const [params] = useSearchParams();
  const code = params.get('projectCode') ?? '';
  const invalidate = useInvalidate();
  const { message } = App.useApp();
  const q = useCall(projectsApi.getProjectDetailData, { projectCode: code }, { enabled: !!code, retry: false });
  const [plan, setPlan] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  if (!code) return <Result status="warning" title="缺少项目编号" />;
  if (q.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!q.data) return <Result status="404" title="培训项目不存在或您无权查看" extra={<Link to="/dashboard">返回首页</Link>} />;
  const d = q.data;
  const today = chinaToday();
  const plans = openPlans(d.plans, today);
  const chosen = plan ?? defaultPlan(plans, today);
  const state = cardState(d);

  const join = async () => {
    setBusy(true);
    try {
      await call(projectsApi.joinProject, { projectCode: d.projectCode, planCode: chosen });
      message.success('加入成功');
      // the project's page and the dashboard's study cards
      await invalidate(projectsApi.getProjectDetailData, projectsApi.getFPMyStudyData);
    } catch {
      // shown by the request wrapper
    } finally {
      setBusy(false);
    }
  };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="project-detail">
      <Card
        title={
          <Space wrap>
            <span data-testid="project-detail-name">{d.projectName}</span>
            <Tag color={state.color}>{state.text}</Tag>
          </Space>
        }
        extra={
          d.canJoin ? (
            <Space wrap>
              {plans.length > 1 && (
                <Select
                  aria-label="培训计划"
                  size="small"
                  style={{ width: 140 }}
                  value={chosen}
                  onChange={setPlan}
                  options={plans.map((p) => ({ value: p.planCode, label: p.planName }))}
                />
              )}
              <Button type="primary" loading={busy} onClick={() => void join()} data-testid="project-detail-join">
                加入项目
              </Button>
            </Space>
          ) : null
        }
      >
        <Row gutter={[24, 16]} align="middle">
          <Col xs={24} sm={6} style={{ textAlign: 'center' }}>
            <Progress type="circle" percent={d.todayProgress} size={110} aria-label="今日完成率" />
            <div style={{ marginTop: 6 }}>今日完成</div>
            <Typography.Text type="secondary" style={{ fontSize: 12 }}>
              {todayHint(d)}
            </Typography.Text>
          </Col>
          <Col xs={24} sm={18}>
            <Descriptions size="small" column={{ xs: 1, sm: 2 }}>
              <Descriptions.Item label="项目周期">{`${d.startDate} 至 ${d.endDate}`}</Descriptions.Item>
              <Descriptions.Item label="剩余天数">{d.leftDays} 天</Descriptions.Item>
              <Descriptions.Item label="考核标准">
                {d.checkHrs} 学时（{REACH_RULE_LABELS[d.reachRule]}）
              </Descriptions.Item>
              <Descriptions.Item label="已获学时">
                <span data-testid="project-detail-gethrs">{d.getHrs}</span> 学时
                <Typography.Text type="secondary" data-testid="project-detail-missing">
                  {missingText(d)}
                </Typography.Text>
              </Descriptions.Item>
              <Descriptions.Item label="达标进度">
                <Progress percent={d.reachProgress} aria-label="达标进度" size="small" style={{ width: 160, margin: 0 }} />
              </Descriptions.Item>
              <Descriptions.Item label="最近学习">{d.lastStudyDate || '暂无'}</Descriptions.Item>
              <Descriptions.Item label="播放规则">
                {`倍速 ${d.settings.allowedSpeeds.map((s) => `${s}x`).join('、')}；${d.settings.allowSeekAhead ? '可拖动进度' : '不可拖动到未学习的位置'}`}
              </Descriptions.Item>
            </Descriptions>
            {d.introduce && <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', marginTop: 8 }}>{d.introduce}</Typography.Paragraph>}
          </Col>
        </Row>
      </Card>
      <Card title={`项目课程（${d.courses.length}）`}>
        {d.courses.length ? (
          <List
            data-testid="project-courses"
            dataSource={d.courses}
            renderItem={(c) => {
              const s = courseState(c);
              return (
                <List.Item
                  actions={[
                    d.isJoined ? (
                      <Link key="go" to={studyPath(c.resCode)} data-testid="project-course-study">
                        {c.studySeconds > 0 ? '继续学习' : '开始学习'}
                      </Link>
                    ) : (
                      <Typography.Text key="go" type="secondary">
                        加入后学习
                      </Typography.Text>
                    ),
                  ]}
                >
                  <List.Item.Meta
                    title={
                      <Space wrap>
                        <span data-testid="project-course-name">{c.resName}</span>
                        <Tag>{RES_TYPE_LABELS[c.resType] ?? ''}</Tag>
                        <Tag color={s.color}>{s.text}</Tag>
                      </Space>
                    }
                    description={<span data-testid="project-course-line">{courseLine(c, d.isJoined === 1)}</span>}
                  />
                  <Progress percent={c.progress} aria-label={`学习进度：${c.resName}`} size="small" style={{ width: 160, margin: 0 }} />
                </List.Item>
              );
            }}
          />
        ) : (
          <Empty description="暂无课程" />
        )}
      </Card>
      {d.exams.length > 0 && (
        <Card title="项目考试">
          <List
            dataSource={d.exams}
            renderItem={(e) => (
              <List.Item
                actions={[
                  <Link key="go" to="/dashboard?tab=exam">
                    去考试
                  </Link>,
                ]}
              >
                <Space>
                  {e.examName}
                  <Tag color={e.passed ? 'success' : e.taken ? 'warning' : 'default'} data-testid="project-exam-state">
                    {e.passed ? '已合格' : e.taken ? '未合格' : '未参加'}
                  </Tag>
                </Space>
              </List.Item>
            )}
          />
        </Card>
      )}
    </Space>
  );
}

/** What is still missing to reach the project's standard: hours (to 0.01 h, up), and the exams under rule 2. */
export function missingText(d: {
  checkHrs: number;
  getHrs: number;
  reachState: number;
  reachRule: number;
  exams: { passed: number }[];
}): string {
  if (d.reachState === 1) return '（已达标）';
  const parts: string[] = [];
  const hours = Math.ceil(Math.max(0, d.checkHrs - d.getHrs) * 100) / 100;
  if (hours > 0) parts.push(`还差 ${hours} 学时`);
  const exams = d.exams.filter((e) => !e.passed).length;
  if (d.reachRule === 2 && exams > 0) parts.push(`还需通过 ${exams} 场考试`);
  return parts.length ? `（${parts.join('，')}）` : '';
}
