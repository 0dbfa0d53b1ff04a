import { ANSWER_HIDDEN_TEXT, type ExamResultView, LEAVE_KIND_TEXT, LeaveText, OPTION_KEYS, Q_TYPE_LABELS } from '@xuetu/contract';
import { Alert, Card, Descriptions, Divider, Space, Tag, Typography } from 'antd';
import { Stem } from '../exam/Stem';

const judge = (v: string) => (v === 'A' ? '正确' : v === 'B' ? '错误' : v);
function shown(qType: number, v: string): string {
  if (!v) return '未作答';
  if (qType === 3) return judge(v);
  if (qType === 4) {
    try {
      return (JSON.parse(v) as string[]).map((x, i) => `（${i + 1}）${x || '—'}`).join('  ');
    } catch {
      return v;
    }
  }
  return v;
}

/** The banner of a result: awaiting marking, confidential, pass or fail (spec §4). */
export function ResultBanner({ r }: { r: ExamResultView }) {
  if (r.delayMarkingPapers > 0)
    return (
      <Alert type="info" showIcon message="试卷已提交，等待阅卷" description="阅卷完成后会通过消息通知您。" data-testid="result-banner" />
    );
  if (r.paper.isPass === -2) return <Alert type="info" showIcon message="成绩保密" data-testid="result-banner" />;
  return r.paper.isPass === 1 ? (
    <Alert type="success" showIcon message={`恭喜您通过了考试，得分 ${r.paper.score ?? ''} 分`} data-testid="result-banner" />
  ) : (
    <Alert type="error" showIcon message={`很遗憾，您未通过考试，得分 ${r.paper.score ?? ''} 分`} data-testid="result-banner" />
  );
}

/** Exam info, the attempt and each question with the learner's answer (and the key when allowed). */
export function ExamResultContent({ r }: { r: ExamResultView }) {
  return (
    <div data-testid="exam-result">
      <ResultBanner r={r} />
      <Descriptions
        size="small"
        style={{ marginTop: 12 }}
        column={{ xs: 1, sm: 2, md: 3 }}
        items={[
          { key: 'n', label: '考试名称', children: r.examinfo.examName },
          { key: 'p', label: '考生', children: `${r.paper.chnName}${r.paper.orgName ? `（${r.paper.orgName}）` : ''}` },
          { key: 's', label: '得分', children: r.paper.score ?? '—' },
          { key: 't', label: '总分', children: r.examinfo.totlescore },
          { key: 'q', label: '题数', children: r.examinfo.totleq },
          { key: 'm', label: '时长', children: `${r.examinfo.time} 分钟` },
          { key: 'b', label: '开始时间', children: r.paper.startTime },
          { key: 'e', label: '交卷时间', children: r.paper.endTime },
          // leaves of the exam page the server counted (issue 26 item 3)
          ...(r.paper.leaveCount > 0
            ? [
                {
                  key: 'l',
                  label: '离开页面',
                  children: (
                    <span data-testid="result-leaves">
                      {r.paper.leaveCount} 次：{r.paper.leaves.map((l) => `${l.leftAt} ${LEAVE_KIND_TEXT[l.kind] ?? l.kind}`).join('；')}
                    </span>
                  ),
                },
              ]
            : []),
        ]}
      />
      {/* why it was handed in when the learner did not (issue 38 item 11) */}
      {r.paper.submittedByLeaves && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 12 }}
          message={LeaveText.result(r.paper.leaveLimit)}
          data-testid="result-leave-submitted"
        />
      )}
      {r.examinfo.paperIntrduce && <Typography.Paragraph type="secondary">{r.examinfo.paperIntrduce}</Typography.Paragraph>}
      {/* why the key is left out (ADR 0036 §5): attempts left, the exam still open, never, or another exam */}
      {r.answersHidden && <Alert type="info" showIcon message={ANSWER_HIDDEN_TEXT[r.answersHidden]} data-testid="result-answers-hidden" />}
      <Divider style={{ margin: '12px 0' }} />
      {/* in the learner's order and numbers, under the type headings the exam page showed (issue 38 item 12) */}
      {r.exampaperquestionlist.map((q, i) => (
        <div key={q.qCode}>
          {q.qType !== r.exampaperquestionlist[i - 1]?.qType && (
            <Typography.Title level={5} className="exam-result-type">
              {Q_TYPE_LABELS[q.qType]}
            </Typography.Title>
          )}
          <Card size="small" style={{ marginBottom: 8 }} className="exam-result-question">
            <Space wrap size={4}>
              <Typography.Text strong>{q.order}.</Typography.Text>
              <Tag>{Q_TYPE_LABELS[q.qType]}</Tag>
              <Typography.Text type="secondary">（{q.score} 分）</Typography.Text>
              {q.scoreStr !== '' && <Tag color={q.isPass ? 'success' : 'error'}>得分 {q.scoreStr}</Tag>}
              {q.qType === 5 && q.marked === 0 && <Tag color="processing">待阅卷</Tag>}
            </Space>
            {/* stems are sanitised when saved */}
            <Stem html={q.qName} />
            {(q.qType === 1 || q.qType === 2) &&
              OPTION_KEYS.filter((k) => q[k]).map((k) => (
                <div key={k}>
                  {k.toUpperCase()}. {q[k]}
                </div>
              ))}
            <div style={{ marginTop: 6 }}>
              <Typography.Text>您的答案：{shown(q.qType, q.answerStr)}</Typography.Text>
            </div>
            {q.answer && <div>参考答案：{shown(q.qType, q.answer)}</div>}
            {q.analysis && <div>解析：{q.analysis}</div>}
            {q.comment && <div>评语：{q.comment}</div>}
          </Card>
        </div>
      ))}
    </div>
  );
}
