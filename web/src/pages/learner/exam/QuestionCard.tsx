import CheckCircleOutlined from '@ant-design/icons/es/icons/CheckCircleOutlined';
import CloudSyncOutlined from '@ant-design/icons/es/icons/CloudSyncOutlined';
import FlagFilled from '@ant-design/icons/es/icons/FlagFilled';
import FlagOutlined from '@ant-design/icons/es/icons/FlagOutlined';
import WarningOutlined from '@ant-design/icons/es/icons/WarningOutlined';
import { ANSWER_TEXT_MAX, type AttemptQuestionView, BLANK_TEXT_MAX, OPTION_KEYS, Q_TYPE_LABELS } from '@xuetu/contract';
import { useEffect, useRef, useState } from 'react';
import { Stem } from './Stem';
import type { SaveState } from './useAttempt';

type Answer = string | string[];

const STATE_TAG: Record<SaveState, { tone: string; text: string; icon: React.ReactNode }> = {
  saved: { tone: 'is-success', text: '已保存', icon: <CheckCircleOutlined /> },
  pending: { tone: 'is-processing', text: '待同步', icon: <CloudSyncOutlined /> },
  error: { tone: 'is-error', text: '未保存', icon: <WarningOutlined /> },
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
  const choices =
    q.qType === 3
      ? [
          { value: 'A', label: '正确' },
          { value: 'B', label: '错误' },
        ]
      : options(q);
  const essay = typeof draft === 'string' ? draft : '';
  return (
    <section
      id={`q-${q.qCode}`}
      data-testid={`question-${props.index}`}
      className="xt-lean-card is-small xt-question"
      aria-labelledby={stemId}
    >
      <div className="xt-lean-card-head">
        <span className="xt-question-title">
          {props.index}. <span className="xt-lean-tag">{Q_TYPE_LABELS[q.qType]}</span>
          <span className="xt-question-score">（{q.score} 分）</span>
        </span>
        <span className="xt-question-extra">
          {tag && (
            <span className={`xt-lean-tag ${tag.tone}`} data-testid={`save-state-${props.index}`}>
              {tag.icon} {tag.text}
            </span>
          )}
          <button
            type="button"
            className="xt-lean-btn is-text is-small"
            onClick={props.onFlag}
            disabled={disabled}
            aria-label="标记"
            aria-pressed={props.flagged}
          >
            {props.flagged ? <FlagFilled style={{ color: '#d46b08' }} /> : <FlagOutlined />}
            {props.flagged ? '已标记' : '标记'}
          </button>
        </span>
      </div>
      <div className="xt-lean-card-body">
        {/* the stem is sanitised by the server when it is saved (question bank) */}
        <Stem html={q.qName} id={stemId} />
        {(q.qType === 1 || q.qType === 3) && (
          <div role="radiogroup" aria-labelledby={stemId} className="xt-choices">
            {choices.map((o) => (
              <label key={o.value} className={`xt-choice${disabled ? ' is-disabled' : ''}`}>
                <input
                  type="radio"
                  name={`answer-${q.qCode}`}
                  value={o.value}
                  checked={answer === o.value}
                  disabled={disabled}
                  onChange={() => onAnswer(o.value)}
                />
                <span>{o.label}</span>
              </label>
            ))}
          </div>
        )}
        {q.qType === 2 && (
          <div role="group" aria-labelledby={stemId} className="xt-choices">
            {options(q).map((o) => {
              const chosen = typeof answer === 'string' ? [...answer] : [];
              return (
                <label key={o.value} className={`xt-choice${disabled ? ' is-disabled' : ''}`}>
                  <input
                    type="checkbox"
                    name={`answer-${q.qCode}`}
                    value={o.value}
                    checked={chosen.includes(o.value)}
                    disabled={disabled}
                    onChange={(e) => {
                      const next = e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value);
                      onAnswer([...new Set(next)].sort().join(''));
                    }}
                  />
                  <span>{o.label}</span>
                </label>
              );
            })}
          </div>
        )}
        {q.qType === 4 && (
          <div className="xt-blanks">
            {Array.from({ length: q.blankCount }, (_, i) => {
              const list = Array.isArray(draft) ? draft : [];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: blanks are positional and fixed for the question
                <div key={i} className="xt-blank">
                  <span id={`${stemId}-${i + 1}`} className="xt-blank-label">{`第 ${i + 1} 空`}</span>
                  <input
                    type="text"
                    className="xt-lean-input"
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
                </div>
              );
            })}
          </div>
        )}
        {q.qType === 5 && (
          <div className="xt-essay">
            <textarea
              className="xt-lean-input"
              value={essay}
              disabled={disabled}
              rows={4}
              maxLength={ANSWER_TEXT_MAX}
              aria-labelledby={stemId}
              data-testid={`essay-${props.index}`}
              onChange={(e) => typed(e.target.value)}
              onBlur={text.flush}
            />
            <span className="xt-essay-count" aria-hidden>
              {essay.length} / {ANSWER_TEXT_MAX}
            </span>
          </div>
        )}
      </div>
    </section>
  );
}
