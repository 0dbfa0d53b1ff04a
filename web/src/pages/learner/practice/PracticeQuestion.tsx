import { CheckCircleFilled, CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import {
  ANSWER_TEXT_MAX,
  BLANK_TEXT_MAX,
  JUDGE_OPTIONS,
  OPTION_KEYS,
  PRACTICE_HIDDEN_TEXT,
  type PracticeFeedback,
  type PracticeQuestionView,
  Q_TYPE_LABELS,
} from '@xuetu/contract';
import { Alert, Button, Card, Checkbox, Input, Radio, Space, Tag, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import { Stem } from '../exam/Stem';

export type Answer = string | string[];

function options(q: PracticeQuestionView) {
  if (q.qType === 3) return Object.entries(JUDGE_OPTIONS).map(([k, label]) => ({ value: k.toUpperCase(), label }));
  return OPTION_KEYS.filter((k) => q[k]).map((k) => ({ value: k.toUpperCase(), label: `${k.toUpperCase()}. ${q[k]}` }));
}

/** An answer as people read it: 正确/错误 for true/false, the blanks joined, letters as they are. */
export function answerText(qType: number, a: Answer | null | undefined): string {
  if (a === null || a === undefined) return '';
  if (Array.isArray(a)) return a.join('；');
  if (qType === 3) return a === 'A' ? JUDGE_OPTIONS.a : a === 'B' ? JUDGE_OPTIONS.b : a;
  return a;
}

const empty = (a: Answer | undefined) => a === undefined || (Array.isArray(a) ? a.every((x) => !x.trim()) : !a.trim());

/** What the server said about the answer: right or wrong, the key and the analysis (or why they are not shown). */
export function FeedbackPanel({ q, fb }: { q: PracticeQuestionView; fb: PracticeFeedback }) {
  return (
    <div data-testid="practice-feedback" aria-live="polite" style={{ marginTop: 12 }}>
      {fb.hidden ? (
        <Alert type="info" showIcon icon={<InfoCircleFilled />} title="已提交" description={PRACTICE_HIDDEN_TEXT[fb.hidden]} />
      ) : (
        <Alert
          type={fb.isRight === false ? 'error' : fb.isRight ? 'success' : 'info'}
          showIcon
          icon={fb.isRight === false ? <CloseCircleFilled /> : fb.isRight ? <CheckCircleFilled /> : <InfoCircleFilled />}
          title={<span data-testid="practice-verdict">{fb.isRight === false ? '回答错误' : fb.isRight ? '回答正确' : '参考答案'}</span>}
          description={
            <Space orientation="vertical" size={4}>
              <span data-testid="practice-key">正确答案：{answerText(q.qType, fb.rightAnswer)}</span>
              {fb.analysis ? <span>解析：{fb.analysis}</span> : null}
              {fb.cleared ? <span data-testid="practice-cleared">已连续答对 {fb.clearStreak} 次，本题已移出错题本</span> : null}
              {/* only a wrong answer is recorded; a right one counts towards taking the question out (issue 38 item 14) */}
              {!fb.cleared && fb.inWrongBook ? (
                <span data-testid="practice-book">
                  {fb.isRight
                    ? `错题本中已连续答对 ${fb.rightStreak}/${fb.clearStreak} 次，再答对 ${fb.clearStreak - fb.rightStreak} 次移出`
                    : `已记入错题本（连续答对 ${fb.clearStreak} 次后移出）`}
                </span>
              ) : null}
            </Space>
          }
        />
      )}
    </div>
  );
}

/**
 * One question, answered on its own: the learner chooses or types, 提交答案 sends it, and the
 * server's feedback shows below. `next` is the page's button after the feedback (下一题, 返回…).
 */
export function PracticeQuestion(props: {
  q: PracticeQuestionView;
  title: ReactNode;
  submit: (answer: Answer) => Promise<PracticeFeedback>;
  next: (fb: PracticeFeedback) => ReactNode;
}) {
  const { q } = props;
  const [answer, setAnswer] = useState<Answer | undefined>(undefined);
  const [fb, setFb] = useState<PracticeFeedback | null>(null);
  const [sending, setSending] = useState(false);
  const done = fb !== null;
  const stemId = `pq-${q.qCode}-stem`;
  const send = async () => {
    if (answer === undefined) return;
    setSending(true);
    try {
      setFb(await props.submit(answer));
    } catch {
      // the request wrapper shows the server's message; the answer stays for another try
    } finally {
      setSending(false);
    }
  };
  return (
    <Card
      size="small"
      data-testid="practice-question"
      title={
        <span style={{ whiteSpace: 'normal' }}>
          {props.title} <Tag>{Q_TYPE_LABELS[q.qType]}</Tag>
        </span>
      }
    >
      <Stem html={q.qName} id={stemId} />
      {(q.qType === 1 || q.qType === 3) && (
        <Radio.Group value={answer} disabled={done} onChange={(e) => setAnswer(e.target.value)} aria-labelledby={stemId}>
          <Space orientation="vertical">
            {options(q).map((o) => (
              <Radio key={o.value} value={o.value} style={{ whiteSpace: 'normal' }}>
                {o.label}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {q.qType === 2 && (
        <Checkbox.Group
          value={typeof answer === 'string' ? [...answer] : []}
          disabled={done}
          onChange={(v) => setAnswer([...(v as string[])].sort().join(''))}
        >
          <Space orientation="vertical">
            {options(q).map((o) => (
              <Checkbox key={o.value} value={o.value} style={{ whiteSpace: 'normal' }}>
                {o.label}
              </Checkbox>
            ))}
          </Space>
        </Checkbox.Group>
      )}
      {q.qType === 4 && (
        <Space orientation="vertical" style={{ width: '100%' }}>
          {Array.from({ length: q.blankCount }, (_, i) => {
            const list = Array.isArray(answer) ? answer : [];
            return (
              <Input
                // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional and fixed for the question
                key={i}
                addonBefore={`第 ${i + 1} 空`}
                value={list[i] ?? ''}
                disabled={done}
                maxLength={BLANK_TEXT_MAX}
                aria-label={`第 ${i + 1} 空`}
                data-testid={`practice-blank-${i + 1}`}
                onChange={(e) => setAnswer(Array.from({ length: q.blankCount }, (_, j) => (j === i ? e.target.value : (list[j] ?? ''))))}
              />
            );
          })}
        </Space>
      )}
      {q.qType === 5 && (
        <Input.TextArea
          value={typeof answer === 'string' ? answer : ''}
          disabled={done}
          autoSize={{ minRows: 4, maxRows: 12 }}
          maxLength={ANSWER_TEXT_MAX}
          aria-labelledby={stemId}
          onChange={(e) => setAnswer(e.target.value)}
        />
      )}
      {fb ? (
        <>
          <FeedbackPanel q={q} fb={fb} />
          <div style={{ marginTop: 12 }}>{props.next(fb)}</div>
        </>
      ) : (
        <div style={{ marginTop: 12 }}>
          <Button type="primary" onClick={send} loading={sending} disabled={empty(answer)} data-testid="practice-submit" block>
            提交答案
          </Button>
          <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8, fontSize: 12 }}>
            提交后立即显示对错、正确答案和解析
          </Typography.Text>
        </div>
      )}
    </Card>
  );
}
