import HeartFilled from '@ant-design/icons/es/icons/HeartFilled';
import HeartOutlined from '@ant-design/icons/es/icons/HeartOutlined';
import LikeFilled from '@ant-design/icons/es/icons/LikeFilled';
import LikeOutlined from '@ant-design/icons/es/icons/LikeOutlined';
import { useQueryClient } from '@tanstack/react-query';
import {
  type CourseCard,
  isEmptyDate,
  learnstatsApi,
  RES_TYPE_LABELS,
  type StudyBeatAnswer,
  type StudyLesson,
  studyApi,
  studyTimeText,
  trainResApi,
} from '@xuetu/contract';
import { type ButtonHTMLAttributes, lazy, type ReactNode, Suspense, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { callEnvelope } from '../../../api/client';
import { callKey, groupKey, invalidateCalls, useCall } from '../../../api/hooks';
import { AntIsland } from '../../../app/AntIsland';
import { feedback } from '../../../app/feedback';
import { LeanCard, LeanEmpty, LeanProgress, LeanResult, LeanSkeleton } from '../../../components/LeanCard';
import { LightTabPanels, LightTabs } from '../../../components/LightTabs';
import { PageLoading } from '../../../components/PageLoading';
import { RichTextView } from '../../../components/RichTextView';
import { formatClock } from './logic';
import { NotesPanel } from './NotesPanel';
import { StudyPlayer, type StudyPlayerHandle } from './StudyPlayer';
import { studyComplete } from './studyCalls';
import './study.css';

// a document course draws its pdf with pdf.js and antd's controls: loaded only for one
const StudyDocument = lazy(() => import('./StudyDocument'));

/**
 * /trainres/study?id=<resCode>: the player, my progress, notes, favourite, like, relevant courses.
 * Plain elements (ADR 0050): the page draws no antd on its first screen.
 */
export default function StudyPage() {
  const [params] = useSearchParams();
  const rescode = params.get('id') ?? '';
  // a new course (the relevant list) is a new viewing: fresh state
  return <StudyView key={rescode} rescode={rescode} />;
}

const INFO_TABS = [
  { key: 'intro', label: '简介' },
  { key: 'notes', label: '笔记' },
  { key: 'relevant', label: '相关课程' },
];

/** A page-wide outcome (no course) with the way back to the catalogue. */
function NoCourse({ title }: { title: string }) {
  const navigate = useNavigate();
  return (
    <LeanResult
      title={title}
      action={
        <button type="button" className="xt-lean-btn" onClick={() => navigate('/trainres/index')}>
          返回课程中心
        </button>
      }
    />
  );
}

/** A button with an optional leading icon (antd's look, lean.css). */
function Btn({
  primary = false,
  icon,
  children,
  ...rest
}: { primary?: boolean; icon?: ReactNode; children: ReactNode } & ButtonHTMLAttributes<HTMLButtonElement>) {
  return (
    <button type="button" className={`xt-lean-btn${primary ? ' is-primary' : ''}`} {...rest}>
      {icon}
      {children}
    </button>
  );
}

function StudyView({ rescode }: { rescode: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const player = useRef<StudyPlayerHandle>(null);
  const detailKey = callKey(studyApi.getTrainResStudyDetail, { rescode });
  const detail = useCall(studyApi.getTrainResStudyDetail, { rescode }, { enabled: Boolean(rescode), staleTime: Infinity });
  // the lesson playing (ADR 0022): where the learner was last, until they pick another
  const [picked, setPicked] = useState<{ index: number; autoPlay: boolean } | null>(null);
  const lessons = detail.data?.lessons ?? [];
  const lastLesson = detail.data && detail.data.lastLesson < lessons.length ? detail.data.lastLesson : 0;
  const lesson = picked?.index ?? lastLesson;
  // lesson: the lesson's index in a course of several (ADR 0022); 0 = the first, or the only media
  const play = useCall(trainResApi.getVideoPlayList, { videoId: rescode, lesson }, { enabled: Boolean(detail.data), staleTime: Infinity });
  const interval = useCall(studyApi.getStudyInterval, {}, { staleTime: Infinity, config: { silent: true } });
  const [live, setLive] = useState<{ studySeconds: number; progress: number; completed: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [infoTab, setInfoTab] = useState('intro');
  // what this page earns (seconds, a completion) changes the project cards and pages (their 学时,
  // ADR 0018 "Crediting by rule") and the dashboard's study time: read them afresh after leaving it
  useEffect(
    () => () => {
      void invalidateCalls(qc, 'projects', { key: groupKey(learnstatsApi) });
    },
    [qc],
  );

  if (!rescode) return <NoCourse title="未指定课程" />;
  if (detail.isLoading) return <PageLoading />;
  const d = detail.data;
  if (!d) return <NoCourse title="课程不存在或已下架" />;
  const studySeconds = live?.studySeconds ?? d.studySeconds;
  const progress = live?.progress ?? d.progress;
  const completed = (live?.completed ?? d.completed) === 1;
  const patch = (p: Partial<typeof d>) => qc.setQueryData(detailKey, { ...d, ...p });

  const onBeat = (a: StudyBeatAnswer) => setLive({ studySeconds: a.studySeconds, progress: a.progress, completed: a.completed });
  /** one request at a time from the buttons below; the request wrapper shows a failure's message */
  const act = async (run: () => Promise<void>, failed?: (err: unknown) => void) => {
    setBusy(true);
    try {
      await run();
    } catch (err) {
      failed?.(err);
    } finally {
      setBusy(false);
    }
  };
  const collect = () =>
    act(async () => {
      const env = await callEnvelope(studyApi.collect, { rescode });
      feedback.success(env.msg);
      patch({ isCollect: env.data.isCollect as 0 | 1, collectCnt: env.data.collectCnt });
    });
  const like = () =>
    act(async () => {
      const env = await callEnvelope(studyApi.setThumbsup, { rescode });
      feedback.success(env.msg);
      patch({ isThumbsup: 1, thumbsupCnt: env.data.thumbsupCnt });
    });
  const finishReading = () =>
    act(
      async () => {
        const env = await studyComplete(rescode, '');
        feedback.success(env.msg || '恭喜，已完成本课程');
        setLive({ studySeconds, progress: 100, completed: 1 });
      },
      (err) => feedback.warning(err instanceof Error ? err.message : '暂不能完成本课程'),
    );
  const finishButton = !completed && (
    <div>
      <Btn primary onClick={finishReading} disabled={busy} data-testid="study-finish">
        我已学完
      </Btn>
    </div>
  );

  const media =
    d.resType === 4 ? (
      <>
        <RichTextView html={d.content} />
        {finishButton}
      </>
    ) : play.isLoading || interval.isLoading ? (
      d.resType === 1 ? (
        // the player's own room (16:9 video and its quality/speed row) while its address loads:
        // nothing below moves when it arrives (CLS, issue 23 item 11)
        <div style={{ paddingBottom: 36 }}>
          <div className="xt-study-screen">
            <span className="xt-page-loading-ring" />
          </div>
        </div>
      ) : (
        <PageLoading />
      )
    ) : play.data && d.resType === 3 ? (
      <>
        <AntIsland fallback={<PageLoading />}>
          <Suspense fallback={<PageLoading />}>
            <StudyDocument
              ref={player}
              rescode={d.resCode}
              data={play.data}
              intervalSeconds={interval.data ?? d.interval}
              resumeAt={d.completed ? 1 : d.lastPosition}
              onBeat={onBeat}
              guard={d.guard}
            />
          </Suspense>
        </AntIsland>
        {finishButton}
      </>
    ) : play.data ? (
      <StudyPlayer
        key={lesson}
        ref={player}
        rescode={d.resCode}
        lesson={lesson}
        autoPlay={picked?.autoPlay ?? false}
        onNext={lesson + 1 < lessons.length ? () => setPicked({ index: lesson + 1, autoPlay: true }) : undefined}
        data={play.data}
        rules={d.rules}
        intervalSeconds={interval.data ?? d.interval}
        resumeAt={d.completed || lesson !== lastLesson || picked ? 0 : d.lastPosition}
        poster={d.cover}
        onBeat={onBeat}
        onCompleted={() => setLive({ studySeconds, progress: 100, completed: 1 })}
        guard={d.guard}
      />
    ) : (
      <LeanEmpty description="暂无可播放的内容" />
    );

  return (
    <div className="xt-study">
      <LeanCard bodyStyle={{ padding: 12 }}>
        <div className="xt-study-main">
          {/* under the page's (visually hidden) h1: an h2 (heading order) */}
          <h2 className="xt-study-title" data-testid="study-title">
            {d.resName}
          </h2>
          {media}
          {lessons.length > 1 && (
            <LessonPanel
              lessons={lessons}
              current={lesson}
              onPick={(i) => {
                if (i === lesson) return;
                // the closing beat of this lesson's viewing goes out before the player changes
                void (player.current?.close() ?? Promise.resolve()).finally(() => setPicked({ index: i, autoPlay: true }));
              }}
            />
          )}
          <div data-testid="study-progress">
            <div className="xt-study-row">
              <span className="xt-lean-tag">{RES_TYPE_LABELS[d.resType] ?? '课程'}</span>
              <span>学时 {d.creditHours}</span>
              {d.duration > 0 && <span>已学 {studyTimeText(studySeconds)}</span>}
              {completed ? <span className="xt-lean-tag is-success">已完成</span> : <span className="xt-lean-tag">学习中</span>}
            </div>
            {d.duration > 0 && (
              <div className="xt-study-progress">
                <LeanProgress label="学习进度" percent={progress} />
                <span>{progress}%</span>
              </div>
            )}
          </div>
          <div className="xt-study-row">
            <Btn icon={d.isCollect ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />} onClick={collect} disabled={busy}>
              {d.isCollect ? '已收藏' : '收藏'} {d.collectCnt || ''}
            </Btn>
            <Btn
              icon={d.isThumbsup ? <LikeFilled style={{ color: '#1677ff' }} /> : <LikeOutlined />}
              onClick={like}
              disabled={busy || d.isThumbsup === 1}
            >
              {d.isThumbsup ? '已点赞' : '点赞'} {d.thumbsupCnt || ''}
            </Btn>
            <span className="xt-study-muted">{d.viewCnt} 次浏览</span>
          </div>
        </div>
      </LeanCard>
      <LeanCard bodyStyle={{ paddingTop: 4 }}>
        <LightTabs label="课程信息" items={INFO_TABS} activeKey={infoTab} onChange={setInfoTab} />
        <LightTabPanels
          activeKey={infoTab}
          items={[
            {
              key: 'intro',
              children: (
                <div className="xt-study-info">
                  {d.lecturerName && (
                    <div className="xt-study-row">
                      <span className="xt-avatar" style={{ width: 32, height: 32, fontSize: 16 }}>
                        {d.lecturerFace ? (
                          <img src={d.lecturerFace} alt={d.lecturerName} width={32} height={32} />
                        ) : (
                          d.lecturerName.slice(0, 1)
                        )}
                      </span>
                      <span>讲师：{d.lecturerName}</span>
                    </div>
                  )}
                  <dl className="xt-study-facts">
                    <dt>目录</dt>
                    <dd>{d.dName || '—'}</dd>
                    {d.duration > 0 && (
                      <>
                        <dt>时长</dt>
                        <dd>{studyTimeText(d.duration)}</dd>
                      </>
                    )}
                    {d.lastStudyTime && !isEmptyDate(d.lastStudyTime) && (
                      <>
                        <dt>最近学习</dt>
                        <dd>{d.lastStudyTime}</dd>
                      </>
                    )}
                  </dl>
                  {d.introduceHtml ? <RichTextView html={d.introduceHtml} /> : <LeanEmpty description="暂无简介" />}
                </div>
              ),
            },
            {
              key: 'notes',
              children: (
                <NotesPanel rescode={d.resCode} position={() => player.current?.position() ?? 0} onSeek={(s) => player.current?.seek(s)} />
              ),
            },
            {
              key: 'relevant',
              children: <RelevantList rescode={d.resCode} onOpen={(c) => navigate(`/trainres/study?id=${encodeURIComponent(c)}`)} />,
            },
          ]}
        />
      </LeanCard>
    </div>
  );
}

/** 课时列表: the course's lessons, the current one marked; a press plays that lesson. */
function LessonPanel({ lessons, current, onPick }: { lessons: StudyLesson[]; current: number; onPick: (index: number) => void }) {
  return (
    <div data-testid="lesson-panel">
      <strong>课时列表（{lessons.length}）</strong>
      <ul className="xt-study-lessons">
        {lessons.map((l) => {
          const active = l.index === current;
          return (
            <li key={l.index}>
              <button
                type="button"
                className="xt-study-lesson"
                data-testid="lesson-item"
                aria-current={active ? 'true' : undefined}
                onClick={() => onPick(l.index)}
              >
                <span>
                  {l.index + 1}. {l.title}
                </span>
                <span className="xt-study-lesson-side">
                  {active ? '正在学习 · ' : ''}
                  {l.duration > 0 ? formatClock(l.duration) : ''}
                </span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

/** 相关课程: asked for when the tab is first opened (the page's first load does not wait on it). */
function RelevantList({ rescode, onOpen }: { rescode: string; onOpen: (code: string) => void }) {
  const relevant = useCall(studyApi.getRelevantList, { rescode }, { config: { silent: true } });
  if (relevant.isLoading) return <LeanSkeleton rows={3} />;
  const items: CourseCard[] = relevant.data ?? [];
  if (!items.length) return <LeanEmpty description="暂无相关课程" />;
  return (
    <ul className="xt-study-list">
      {items.map((c) => (
        <li key={c.resCode}>
          <button type="button" className="xt-study-link" onClick={() => onOpen(c.resCode)}>
            <span className="xt-study-link-title">{c.resName}</span>
            <span className="xt-study-muted">
              {c.viewCnt} 次浏览 · 学时 {c.creditHours}
              {c.progress ? ` · 已学 ${c.progress}%` : ''}
            </span>
          </button>
        </li>
      ))}
    </ul>
  );
}
