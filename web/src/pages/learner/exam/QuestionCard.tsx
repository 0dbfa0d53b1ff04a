import { CheckCircleOutlined, CloudSyncOutlined, FlagFilled, FlagOutlined, WarningOutlined } from '@ant-design/icons';
import { ANSWER_TEXT_MAX, type AttemptQuestionView, BLANK_TEXT_MAX, OPTION_KEYS, Q_TYPE_LABELS } from '@xuetu/contract';
import { Button, Card, Checkbox, Input, Radio, Space, Tag } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Stem } from './Stem';
import type { SaveState } from './useAttempt';

type Answer = string | string[];

const STATE_TAG: Record<SaveState, { color: string; text: string; icon: React.ReactNode }> = {
  saved: { color: 'success', text: '已保存', icon: <CheckCircleOutlined /> },
  pending: { color: 'processing', text: '待同步', icon: <CloudSyncOutlined /> },
  error: { color: 'error', text: '未保存', icon: <WarningOutlined /> },
};

function options(q: AttemptQuestionView) {
  return OPTION_KEYS.map((k, i) => ({ value: k.toUpperCase(), label: `${k.toUpperCase()}. ${q[k]}`, i })).filter(
    (o) => q[o.value.toLowerCase() as (typeof OPTION_KEYS)[number]],
  );
}

/** How long typing in a fill-in blank or short answer may pause before the answer is journalled and sent. */
export const TEXT_DEBOUNCE_MS = 700;

/**
 * Text answers are journalled and sent once typing pauses for TEXT_DEBOUNCE_MS, on leaving the
 * field, when the page is hidden or left (pagehide: reload, tab closed) and when the card goes
 * away, so the last words typed are never only in memory.
 */
export function useDebounced(commit: (v: Answer) => void) {
  const timer = useRef<number | undefined>(undefined);
  const latest = useRef<Answer | undefined>(undefined);
  const commitRef = useRef(commit);
  commitRef.current = commit;
  const flush = useRef(() => {
    window.clearTimeout(timer.current);
    if (latest.current !== undefined) commitRef.current(latest.current);
    latest.current = undefined;
  }).current;
  useEffect(() => {
    const hidden = () => document.visibilityState === 'hidden' && flush();
    window.addEventListener('pagehide', flush);
    document.addEventListener('visibilitychange', hidden);
    return () => {
      window.removeEventListener('pagehide', flush);
      document.removeEventListener('visibilitychange', hidden);
      flush();
    };
  }, [flush]);
  return {
    change: (v: Answer) => {
      latest.current = v;
      window.clearTimeout(timer.current);
      timer.current = window.setTimeout(flush, TEXT_DEBOUNCE_MS);
    },
    flush,
  };
}

export function QuestionCard(props: {
  q: AttemptQuestionView;
  index: number;
  answer: Answer | undefined;
  flagged: boolean;
  state?: SaveState;
  disabled: boolean;
  onAnswer: (answer: Answer, send?: boolean) => void;
  onFlag: () => void;
}) {
  const { q, answer, disabled, onAnswer } = props;
  const [draft, setDraft] = useState<Answer | undefined>(answer);
  useEffect(() => setDraft(answer), [answer]);
  const text = useDebounced((v) => onAnswer(v, true));
  const typed = (v: Answer) => {
    setDraft(v);
    onAnswer(v, false);
    text.change(v);
  };
  const tag = props.state ? STATE_TAG[props.state] : undefined;
  // the fill-in and essay boxes are named by their question (and the blank's number)
  const stemId = `q-${q.qCode}-stem`;
  return (
    <Card
      id={`q-${q.qCode}`}
      data-testid={`question-${props.index}`}
      size="small"
      style={{ marginBottom: 12, scrollMarginTop: 80 }}
      title={
        <span style={{ whiteSpace: 'normal' }}>
          {props.index}. <Tag>{Q_TYPE_LABELS[q.qType]}</Tag>
          <span style={{ color: 'var(--xt-text-tertiary)', fontWeight: 'normal' }}>（{q.score} 分）</span>
        </span>
      }
      extra={
        <Space size={4}>
          {tag && (
            <Tag color={tag.color} icon={tag.icon} data-testid={`save-state-${props.index}`}>
              {tag.text}
            </Tag>
          )}
          <Button
            size="small"
            type="text"
            icon={props.flagged ? <FlagFilled style={{ color: '#fa8c16' }} /> : <FlagOutlined />}
            onClick={props.onFlag}
            disabled={disabled}
            aria-label="标记"
          >
            {props.flagged ? '已标记' : '标记'}
          </Button>
        </Space>
      }
    >
      {/* the stem is sanitised by the server when it is saved (question bank) */}
      <Stem html={q.qName} id={stemId} />
      {(q.qType === 1 || q.qType === 3) && (
        <Radio.Group value={answer || undefined} disabled={disabled} onChange={(e) => onAnswer(e.target.value)}>
          <Space orientation="vertical">
            {(q.qType === 3
              ? [
                  { value: 'A', label: '正确' },
                  { value: 'B', label: '错误' },
                ]
              : options(q)
            ).map((o) => (
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
          disabled={disabled}
          onChange={(v) => onAnswer([...(v as string[])].sort().join(''))}
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
            const list = Array.isArray(draft) ? draft : [];
            return (
              // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional and fixed for the question
              <Space.Compact key={i} style={{ width: '100%' }}>
                <Space.Addon>
                  <span id={`${stemId}-${i + 1}`}>{`第 ${i + 1} 空`}</span>
                </Space.Addon>
                <Input
                  value={list[i] ?? ''}
                  disabled={disabled}
                  maxLength={BLANK_TEXT_MAX}
                  aria-labelledby={`${stemId} ${stemId}-${i + 1}`}
                  data-testid={`blank-${props.index}-${i + 1}`}
                  onChange={(e) => {
                    const next = Array.from({ length: q.blankCount }, (_, j) => (j === i ? e.target.value : (list[j] ?? '')));
                    typed(next);
                  }}
                  onBlur={text.flush}
                />
              </Space.Compact>
            );
          })}
        </Space>
      )}
      {q.qType === 5 && (
        <Input.TextArea
          value={typeof draft === 'string' ? draft : ''}
          disabled={disabled}
          autoSize={{ minRows: 4, maxRows: 12 }}
          maxLength={ANSWER_TEXT_MAX}
          showCount
          aria-labelledby={stemId}
          data-testid={`essay-${props.index}`}
          onChange={(e) => typed(e.target.value)}
          onBlur={text.flush}
        />
      )}
    </Card>
  );
}
