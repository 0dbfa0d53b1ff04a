import { ExamUserStatus, LeaveText, type MyExamCard, userexamApi } from '@xuetu/contract';
import { App, Button, Card, Col, Descriptions, Empty, Modal, Row, Space, Spin, Tag, Typography } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client';
import { useCall, useInvalidate } from '../../../api/hooks';
import { beginStorageKey } from '../exam/beginStorage';

// Opened on a click: the attempts table (antd Table, with its select/tree/pagination) and the
// result dialog load then, not with the dashboard that shows these cards (issue 15).
const AttemptHistory = lazy(() => import('./AttemptHistory').then((m) => ({ default: m.AttemptHistory })));
const ExamResultDialog = lazy(() => import('../examview/ExamResultDialog').then((m) => ({ default: m.ExamResultDialog })));

/**
 * The card's tag. Not yet attempted (exam-user status 0/10, the spec's "not started" with its
 * 开始考试 button) reads by the exam's window: 待考试 while it is open (the exam itself has started,
 * issue 38 item 14), 未开始 before it opens, 未参加 once it ended unattempted.
 */
export function examStatusTag(card: MyExamCard): { text: string; color: string } {
  if (card.status === ExamUserStatus.InProgress) return { text: '考试中', color: 'processing' };
  if (card.status === ExamUserStatus.Done) return { text: '已完成', color: 'success' };
  if (card.ended) return { text: '未参加', color: 'default' };
  if (!card.canBegin && card.attemptsUsed === 0) return { text: '未开始', color: 'default' };
  return { text: '待考试', color: 'warning' };
}

/** The spec's button for an exam-user status (0/10 开始, 20 继续, 30 再次; 考试结束 when not allowed). */
export function examButton(card: MyExamCard): { text: string; disabled: boolean } {
  if (!card.canBegin) return { text: '考试结束', disabled: true };
  if (card.status === ExamUserStatus.InProgress || card.openUserpaperId) return { text: '继续考试', disabled: false };
  if (card.status === ExamUserStatus.Done) return { text: '再次考试', disabled: false };
  return { text: '开始考试', disabled: false };
}

/** The dashboard's exam cards (and /ysUserExam/myexam, /ysUserExam/imgexam). */
export function ExamCards({ mustComplete = false }: { mustComplete?: boolean }) {
  const navigate = useNavigate();
  const invalidate = useInvalidate();
  const { message } = App.useApp();
  const [detail, setDetail] = useState<MyExamCard | null>(null);
  const [result, setResult] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [openedResult, setOpenedResult] = useState(false);
  if (result !== null && !openedResult) setOpenedResult(true);
  const q = useCall(userexamApi.getMyExamList, { pageIndex: 1, pageSize: 50, mustComplete: mustComplete ? 1 : 0 });

  const begin = async (card: MyExamCard) => {
    setBusy(true);
    try {
      const r = await call(userexamApi.beginExam, { examCode: card.examCode });
      setDetail(null);
      // the cards of either filter
      void invalidate(userexamApi.getMyExamList);
      if (r.isSubExam) {
        message.info('考试次数已用完，为您显示最近一次的结果');
        setResult(r.userpaperId);
        return;
      }
      sessionStorage.setItem(beginStorageKey(card.examCode), JSON.stringify(r));
      navigate(`/ysUserExam/exam?examCode=${encodeURIComponent(card.examCode)}`);
    } finally {
      setBusy(false);
    }
  };

  if (q.isLoading) return <Spin style={{ display: 'block', margin: '24px auto' }} />;
  const cards = q.data?.models ?? [];
  if (!cards.length) return <Empty description={mustComplete ? '没有必须完成的考试' : '暂无考试'} />;
  return (
    <>
      <Row gutter={[12, 12]} data-testid="exam-cards">
        {cards.map((c) => {
          const btn = examButton(c);
          const st = examStatusTag(c);
          return (
            <Col key={c.examCode} xs={24} md={12} xl={8}>
              <Card
                size="small"
                data-testid={`exam-card-${c.examCode}`}
                title={<span title={c.examName}>{c.examName}</span>}
                extra={<Tag color={st.color}>{st.text}</Tag>}
                actions={[
                  <Button key="go" type="primary" disabled={btn.disabled} onClick={() => setDetail(c)}>
                    {btn.text}
                  </Button>,
                  <Button key="view" disabled={!c.lastUserpaperId} onClick={() => setResult(c.lastUserpaperId)}>
                    查看结果
                  </Button>,
                ]}
              >
                <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ minHeight: 44 }}>
                  {c.examIntrduce || '—'}
                </Typography.Paragraph>
                <Space wrap size={[12, 4]} style={{ fontSize: 13 }}>
                  <span>时长 {c.time} 分钟</span>
                  <span>总分 {c.totlescore}</span>
                  <span>
                    单选 {c.type1} · 多选 {c.type2} · 判断 {c.type3} · 填空 {c.type4}
                  </span>
                  <span>最高分 {c.score ?? (c.isConfidential ? '保密' : '—')}</span>
                  <span>
                    次数 {c.attemptsUsed}/{c.attemptsAllowed}
                  </span>
                </Space>
                <div style={{ fontSize: 12, color: 'var(--xt-text-tertiary)', marginTop: 4 }}>
                  {c.examStartTime} 至 {c.examEndTime}
                </div>
              </Card>
            </Col>
          );
        })}
      </Row>
      <Modal
        open={!!detail}
        title="考试详情"
        onCancel={() => setDetail(null)}
        footer={[
          <Button key="c" onClick={() => setDetail(null)}>
            取消
          </Button>,
          <Button key="b" type="primary" loading={busy} data-testid="begin-exam" onClick={() => detail && begin(detail)}>
            {detail ? examButton(detail).text : ''}
          </Button>,
        ]}
      >
        {detail && (
          <Descriptions
            column={1}
            size="small"
            items={[
              { key: 'n', label: '考试名称', children: detail.examName },
              { key: 'i', label: '考试说明', children: detail.examIntrduce || '—' },
              { key: 't', label: '考试时长', children: `${detail.time} 分钟（开始后计时，时间到自动交卷）` },
              { key: 's', label: '总分 / 及格分', children: `${detail.totlescore} / ${detail.passScore}` },
              {
                key: 'q',
                label: '题量',
                children: `${detail.totleq} 题（单选 ${detail.type1}，多选 ${detail.type2}，判断 ${detail.type3}，填空 ${detail.type4}，简答 ${detail.type5}）`,
              },
              { key: 'c', label: '考试次数', children: `已考 ${detail.attemptsUsed} 次，共可考 ${detail.attemptsAllowed} 次，取最高分` },
              { key: 'w', label: '考试时间', children: `${detail.examStartTime} 至 ${detail.examEndTime}` },
              // told before 开始考试, from the server's limit (issue 38 item 11)
              ...(detail.leaveLimit > 0
                ? [
                    {
                      key: 'l',
                      label: '离开页面',
                      children: (
                        <span data-testid="exam-leave-notice">{LeaveText.notice(detail.leaveLimit, detail.requireFullScreen === 1)}</span>
                      ),
                    },
                  ]
                : []),
            ]}
          />
        )}
        {/* spec: 再次考试 comes with the history of the attempts */}
        {detail && detail.attemptsUsed > 0 && (
          <Suspense fallback={<Spin style={{ display: 'block', margin: '12px auto' }} />}>
            <AttemptHistory examCode={detail.examCode} onView={setResult} />
          </Suspense>
        )}
      </Modal>
      {/* mounted from the first opening on, so it keeps its closing animation */}
      {openedResult && (
        <Suspense fallback={null}>
          <ExamResultDialog userpaperId={result} onClose={() => setResult(null)} />
        </Suspense>
      )}
    </>
  );
}
