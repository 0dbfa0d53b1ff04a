import type { AttemptQuestionView, BeginExamResult } from '@xuetu/contract';
import { AppErrorMessages, LeaveText, Q_TYPE_LABELS, userexamApi } from '@xuetu/contract';
import { lazy, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { call } from '../../../api/client';
import { ApiError } from '../../../api/request';
import { AntIsland } from '../../../app/AntIsland';
import { feedback } from '../../../app/feedback';
import { LeanAlert, LeanEmpty, LeanResult } from '../../../components/LeanCard';
import { PageLoading } from '../../../components/PageLoading';
import { useAfterFirstPaint } from '../../../components/useAfterFirstPaint';
import { beginStorageKey } from './beginStorage';
import { clearDrafts } from './drafts';
import { ExamCountdown } from './ExamCountdown';
import { QuestionCard } from './QuestionCard';
import { useAttempt } from './useAttempt';
import { useLeaveMonitor } from './useLeaveMonitor';
import './exam.css';

// the dialog when another tab or device takes the attempt over: antd's Modal, loaded when it opens
const TakeoverDialog = lazy(() => import('./TakeoverDialog'));

export { beginStorageKey };

/** ATTEMPT_TAKEN_OVER's text (issue 23 item 3) */
const TAKEN_OVER_TEXT = AppErrorMessages.ATTEMPT_TAKEN_OVER;

function readBegin(examCode: string): BeginExamResult | null {
  try {
    const raw = sessionStorage.getItem(beginStorageKey(examCode));
    return raw ? (JSON.parse(raw) as BeginExamResult) : null;
  } catch {
    return null;
  }
}

const isAnswered = (a: string | string[] | undefined) => (Array.isArray(a) ? a.some((x) => x.trim() !== '') : !!a && a.trim() !== '');

/** questions rendered with the page's first screen; the others follow a painted frame later */
const FIRST_QUESTIONS = 3;

/** The groups cut to their first `n` questions in page order (groups left empty dropped). */
function firstQuestions<G extends { items: unknown[] }>(groups: G[], n: number): G[] {
  const out: G[] = [];
  let left = n;
  for (const g of groups) {
    if (left <= 0) break;
    out.push({ ...g, items: g.items.slice(0, left) });
    left -= g.items.length;
  }
  return out;
}

/**
 * /ysUserExam/exam?examCode=…: the attempt. The countdown runs on the server's clock (the
 * deadline and serverNow from GetExamPaper); answers are journalled and synced in order; at zero
 * the page submits by itself (and the server closes the attempt anyway).
 */
export default function ExamPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const examCode = params.get('examCode') ?? '';
  const [userpaperId, setUserpaperId] = useState<number | null>(
    () => Number(params.get('userpaperId')) || readBegin(examCode)?.userpaperId || null,
  );
  const [beginError, setBeginError] = useState('');
  const a = useAttempt(userpaperId);
  // leaving the page: counted by the server, which submits past the limit (issue 26 item 3)
  const leaves = useLeaveMonitor({
    userpaperId,
    leaveLimit: a.paper?.leaveLimit ?? 0,
    leaveCount: a.paper?.leaveCount ?? 0,
    requireFullScreen: a.paper?.requireFullScreen === 1,
    active: a.mode === 'active' && !a.closed && !!a.paper && a.paper.status === 20,
    holder: a.holder,
    onSubmitted: () => {
      feedback.warning(LeaveText.submitted);
      if (userpaperId) navigate(`/ysUserExam/examview?userpaperId=${userpaperId}`, { replace: true });
    },
  });
  const submitting = useRef(false);

  // no stored begin (another device, a new tab): BeginExam resumes the open attempt
  useEffect(() => {
    if (userpaperId || !examCode) return;
    call(userexamApi.beginExam, { examCode })
      .then((r) => {
        if (r.isSubExam) return navigate(`/ysUserExam/examview?userpaperId=${r.userpaperId}`, { replace: true });
        sessionStorage.setItem(beginStorageKey(examCode), JSON.stringify(r));
        setUserpaperId(r.userpaperId);
      })
      .catch((e: Error) => setBeginError(e.message));
  }, [examCode, userpaperId, navigate]);

  const finishRef = useRef<(auto: boolean) => Promise<void>>(async () => {});
  const finish = async (auto: boolean) => {
    // a page that does not answer the attempt never submits it (the holder or the deadline does)
    if (!userpaperId || submitting.current || a.mode !== 'active') return;
    submitting.current = true;
    try {
      // a text field being typed in commits its answer on blur (debounced otherwise)
      if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
      if (!(await a.drain()) && !auto) {
        feedback.error('还有答案未同步到服务器，请检查网络后再交卷', 5000);
        submitting.current = false;
        return;
      }
      // `holder`: refused (ATTEMPT_TAKEN_OVER) when another page holds the attempt
      await call(userexamApi.submitExam, { userpaperId, holder: a.holder }, { dedupe: false });
      a.announce();
      sessionStorage.removeItem(beginStorageKey(examCode));
      clearDrafts(userpaperId);
      feedback.success(auto ? '考试时间到，已自动交卷' : '交卷成功');
      navigate(`/ysUserExam/examview?userpaperId=${userpaperId}`, { replace: true });
    } catch (err) {
      submitting.current = false;
      // another tab or device holds the attempt: this page shows the server's answers and asks
      if (err instanceof ApiError && err.envelope?.code === 'ATTEMPT_TAKEN_OVER') void a.yieldAttempt();
    }
  };

  finishRef.current = finish;
  // at zero the page submits by itself (the countdown ticks in its own component: a tick re-renders
  // the clock, not the whole paper — every second on a phone, issue 23 item 11)
  const onTimeUp = useCallback(() => void finishRef.current(true), []);

  // the first questions render with the page, the others a painted frame later (issue 23 item 11)
  const allQuestions = useAfterFirstPaint(Boolean(a.paper));
  // the server sends the questions grouped by type and numbered down the page (issue 38 item 12):
  // a group starts where the type changes, and each question keeps the server's number
  const groups = useMemo(() => {
    const out: { type: number; items: { q: AttemptQuestionView; index: number }[] }[] = [];
    for (const q of a.paper?.questions ?? []) {
      if (out.at(-1)?.type !== q.qType) out.push({ type: q.qType, items: [] });
      out.at(-1)!.items.push({ q, index: q.order });
    }
    return out;
  }, [a.paper]);

  if (beginError || a.loadError)
    return (
      <LeanResult
        title={beginError || a.loadError}
        action={
          <button type="button" className="xt-lean-btn" onClick={() => navigate('/dashboard')}>
            返回首页
          </button>
        }
      />
    );
  if (!a.paper) return <PageLoading />;
  const paper = a.paper;
  const unanswered = paper.questions.map((q) => ({ q, n: q.order })).filter(({ q }) => !isAnswered(a.answers[q.qCode]));
  const pending = Object.values(a.states).filter((s) => s === 'pending').length;
  const answering = a.mode === 'active';

  const confirmSubmit = () =>
    void feedback
      .confirm({
        title: '确认交卷？',
        content: unanswered.length
          ? `还有 ${unanswered.length} 题未作答：第 ${unanswered.map((u) => u.n).join('、')} 题。交卷后不能修改。`
          : '全部题目已作答，交卷后不能修改。',
        okText: '交卷',
        cancelText: '继续作答',
      })
      .then((ok) => {
        if (ok) void finish(false);
      });

  if (a.closed)
    return (
      <LeanResult
        title="本次考试已交卷"
        action={
          <button
            type="button"
            className="xt-lean-btn is-primary"
            onClick={() => navigate(`/ysUserExam/examview?userpaperId=${paper.userpaperId}`, { replace: true })}
          >
            查看结果
          </button>
        }
      />
    );

  return (
    <div data-testid="exam-page" className="xt-exam">
      {a.mode === 'takenOver' && (
        <AntIsland>
          <TakeoverDialog title={TAKEN_OVER_TEXT} onReadOnly={a.readOnly} onTakeOver={() => void a.takeOver()} />
        </AntIsland>
      )}
      {a.mode === 'readOnly' && (
        <LeanAlert
          tone="info"
          testId="readonly-banner"
          action={
            <>
              <button type="button" className="xt-lean-btn is-small" onClick={() => void a.refresh()}>
                刷新
              </button>
              <button type="button" className="xt-lean-btn is-small is-primary" onClick={() => void a.takeOver()}>
                在此继续作答
              </button>
            </>
          }
        >
          {`只读查看：${TAKEN_OVER_TEXT}，此页面显示服务器上保存的答案，不能修改。`}
        </LeanAlert>
      )}
      {a.offline && answering && (
        <LeanAlert tone="warning" testId="offline-banner">
          网络已断开：答案已保存在本机，恢复网络后会自动按顺序同步，请不要关闭页面。
        </LeanAlert>
      )}
      {leaves.monitored && answering && paper.requireFullScreen === 1 && !leaves.fullScreen && (
        <LeanAlert
          tone="warning"
          testId="fullscreen-banner"
          action={
            <button
              type="button"
              className="xt-lean-btn is-small is-primary"
              onClick={leaves.enterFullScreen}
              data-testid="enter-fullscreen"
            >
              进入全屏
            </button>
          }
        >
          本场考试要求全屏作答，退出全屏算一次离开页面。
        </LeanAlert>
      )}
      {/* each counted leave: how many so far and how many more submit (issue 38 item 11) */}
      {leaves.warning && answering && (
        <LeanAlert tone="warning" testId="leave-warning">
          {leaves.warning}
        </LeanAlert>
      )}
      <div className="xt-lean-card is-small xt-exam-bar">
        <div className="xt-exam-bar-name">
          {/* headings follow the page's (visually hidden) h1: the exam h2, the question types h3 */}
          <h2 className="xt-exam-name">{paper.examName}</h2>
          <span className="xt-exam-sync" data-testid="sync-state">
            {!answering ? '只读：答案在其他窗口或设备上作答' : pending ? `${pending} 题待同步` : '答案已全部保存'}
          </span>
        </div>
        <div className="xt-exam-bar-actions">
          {leaves.monitored && (
            <span className={leaves.leavesLeft === 0 ? 'xt-exam-leaves is-none' : 'xt-exam-leaves'} data-testid="leaves-left">
              剩余离开次数 {leaves.leavesLeft}
            </span>
          )}
          <ExamCountdown deadlineMs={paper.deadlineMs} serverNow={a.serverNow} running={!a.closed} onTimeUp={onTimeUp} />
          <button type="button" className="xt-lean-btn is-primary" onClick={confirmSubmit} disabled={!answering} data-testid="submit-exam">
            交卷
          </button>
        </div>
      </div>
      <div className="xt-exam-body">
        <nav className="xt-lean-card is-small xt-exam-navigator" data-testid="navigator" aria-labelledby="xt-answer-sheet">
          <div className="xt-lean-card-head">
            <h2 className="xt-lean-card-title" id="xt-answer-sheet">
              答题卡
            </h2>
          </div>
          <div className="xt-lean-card-body">
            {groups.map((g) => (
              <div key={g.type} className="xt-sheet-group">
                <span className="xt-sheet-type">{Q_TYPE_LABELS[g.type]}</span>
                <div className="xt-sheet-items">
                  {g.items.map(({ q, index }) => {
                    const done = isAnswered(a.answers[q.qCode]);
                    const flagged = a.flags.has(q.qCode);
                    return (
                      <button
                        key={q.qCode}
                        type="button"
                        className={`xt-lean-btn is-small xt-sheet-item${done ? ' is-primary' : ''}${flagged ? ' is-flagged' : ''}`}
                        aria-label={`第 ${index} 题${done ? '已答' : '未答'}${flagged ? '，已标记' : ''}`}
                        onClick={() => document.getElementById(`q-${q.qCode}`)?.scrollIntoView({ behavior: 'smooth' })}
                      >
                        {index}
                      </button>
                    );
                  })}
                </div>
              </div>
            ))}
            <span className="xt-sheet-legend">蓝色已答，橙框已标记</span>
          </div>
        </nav>
        <div className="xt-exam-questions">
          {groups.length === 0 && <LeanEmpty description="试卷没有题目" />}
          {(allQuestions ? groups : firstQuestions(groups, FIRST_QUESTIONS)).map((g) => (
            <div key={g.type}>
              <h3 className="xt-exam-type">{Q_TYPE_LABELS[g.type]}</h3>
              {g.items.map(({ q, index }) => (
                <QuestionCard
                  key={q.qCode}
                  q={q}
                  index={index}
                  answer={a.answers[q.qCode]}
                  flagged={a.flags.has(q.qCode)}
                  state={a.states[q.qCode]}
                  disabled={a.closed || !answering}
                  onAnswer={(v, send) => a.setAnswer(q.qCode, v, send)}
                  onFlag={() => a.toggleFlag(q.qCode)}
                />
              ))}
            </div>
          ))}
        </div>
      </div>
    </div>
  );
}
