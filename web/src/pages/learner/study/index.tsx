import { HeartFilled, HeartOutlined, LikeFilled, LikeOutlined } from '@ant-design/icons';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type CourseCard, isEmptyDate, RES_TYPE_LABELS, type StudyBeatAnswer, type StudyLesson } from '@xuetu/contract';
import { App, Avatar, Button, Card, Col, Descriptions, Empty, List, Progress, Result, Row, Space, Spin, Tag, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { learnstatsKeys } from '../../../api/learnstats.keys';
import { projectKeys } from '../../../api/projects.keys';
import {
  getPlayList,
  getRelevantList,
  getStudyDetail,
  getStudyInterval,
  setThumbsup,
  studyComplete,
  toggleCollect,
} from '../../../api/study';
import { studyKeys } from '../../../api/study.keys';
import { LightTabPanels, LightTabs } from '../../../components/LightTabs';
import { RichTextView } from '../../../components/RichTextView';
import { formatClock, formatStudied } from './logic';
import { NotesPanel } from './NotesPanel';
import { StudyDocument } from './StudyDocument';
import { StudyPlayer, type StudyPlayerHandle } from './StudyPlayer';

/** /trainres/study?id=<resCode>: the player, my progress, notes, favourite, like, relevant courses. */
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

function StudyView({ rescode }: { rescode: string }) {
  const navigate = useNavigate();
  const qc = useQueryClient();
  const { message } = App.useApp();
  const player = useRef<StudyPlayerHandle>(null);
  const detailKey = studyKeys.detail(rescode);
  const detail = useQuery({ queryKey: detailKey, queryFn: () => getStudyDetail(rescode), enabled: Boolean(rescode), staleTime: Infinity });
  // the lesson playing (ADR 0022): where the learner was last, until they pick another
  const [picked, setPicked] = useState<{ index: number; autoPlay: boolean } | null>(null);
  const lessons = detail.data?.lessons ?? [];
  const lastLesson = detail.data && detail.data.lastLesson < lessons.length ? detail.data.lastLesson : 0;
  const lesson = picked?.index ?? lastLesson;
  const play = useQuery({
    queryKey: studyKeys.play(rescode, lesson),
    queryFn: () => getPlayList(rescode, lesson),
    enabled: Boolean(detail.data),
    staleTime: Infinity,
  });
  const interval = useQuery({ queryKey: studyKeys.interval, queryFn: getStudyInterval, staleTime: Infinity });
  const relevant = useQuery({
    queryKey: studyKeys.relevant(rescode),
    queryFn: () => getRelevantList(rescode),
    enabled: Boolean(detail.data),
  });
  const [live, setLive] = useState<{ studySeconds: number; progress: number; completed: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const [infoTab, setInfoTab] = useState('intro');
  // what this page earns (seconds, a completion) changes the project cards and pages (their 学时,
  // ADR 0018 "Crediting by rule") and the dashboard's study time: read them afresh after leaving it
  useEffect(
    () => () => {
      for (const queryKey of [projectKeys.learner, learnstatsKeys.all]) void qc.invalidateQueries({ queryKey });
    },
    [qc],
  );

  if (!rescode)
    return <Result status="404" title="未指定课程" extra={<Button onClick={() => navigate('/trainres/index')}>返回课程中心</Button>} />;
  if (detail.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const d = detail.data;
  if (!d)
    return (
      <Result status="404" title="课程不存在或已下架" extra={<Button onClick={() => navigate('/trainres/index')}>返回课程中心</Button>} />
    );
  const studySeconds = live?.studySeconds ?? d.studySeconds;
  const progress = live?.progress ?? d.progress;
  const completed = (live?.completed ?? d.completed) === 1;
  const patch = (p: Partial<typeof d>) => qc.setQueryData(detailKey, { ...d, ...p });

  const onBeat = (a: StudyBeatAnswer) => setLive({ studySeconds: a.studySeconds, progress: a.progress, completed: a.completed });
  const collect = async () => {
    setBusy(true);
    try {
      const env = await toggleCollect(rescode);
      message.success(env.msg);
      patch({ isCollect: env.data.isCollect as 0 | 1, collectCnt: env.data.collectCnt });
    } catch {
      // the request wrapper already showed the server's message
    } finally {
      setBusy(false);
    }
  };
  const like = async () => {
    setBusy(true);
    try {
      const env = await setThumbsup(rescode);
      message.success(env.msg);
      patch({ isThumbsup: 1, thumbsupCnt: env.data.thumbsupCnt });
    } catch {
      // the request wrapper already showed the server's message
    } finally {
      setBusy(false);
    }
  };

  const finishReading = async () => {
    setBusy(true);
    try {
      const env = await studyComplete(rescode, '');
      message.success(env.msg || '恭喜，已完成本课程');
      setLive({ studySeconds, progress: 100, completed: 1 });
    } catch (err) {
      message.warning(err instanceof Error ? err.message : '暂不能完成本课程');
    } finally {
      setBusy(false);
    }
  };

  const media =
    d.resType === 4 ? (
      <Space direction="vertical" style={{ width: '100%' }}>
        <RichTextView html={d.content} />
        {!completed && (
          <Button type="primary" onClick={finishReading} disabled={busy}>
            我已学完
          </Button>
        )}
      </Space>
    ) : play.isLoading || interval.isLoading ? (
      d.resType === 1 ? (
        // the player's own room (16:9 video and its quality/speed row) while its address loads:
        // nothing below moves when it arrives (CLS, issue 23 item 11)
        <div style={{ paddingBottom: 32 }}>
          <div
            style={{
              width: '100%',
              maxHeight: 520,
              aspectRatio: '16 / 9',
              background: '#000',
              display: 'flex',
              alignItems: 'center',
              justifyContent: 'center',
            }}
          >
            <Spin />
          </div>
        </div>
      ) : (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      )
    ) : play.data && d.resType === 3 ? (
      <Space direction="vertical" style={{ width: '100%' }}>
        <StudyDocument
          ref={player}
          rescode={d.resCode}
          data={play.data}
          intervalSeconds={interval.data ?? d.interval}
          resumeAt={d.completed ? 1 : d.lastPosition}
          onBeat={onBeat}
        />
        {!completed && (
          <Button type="primary" onClick={finishReading} disabled={busy} data-testid="study-finish">
            我已学完
          </Button>
        )}
      </Space>
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
      />
    ) : (
      <Empty description="暂无可播放的内容" />
    );

  return (
    <Row gutter={[16, 16]} className="xt-study">
      <Col xs={24} lg={16}>
        <Card styles={{ body: { padding: 12 } }}>
          <Space direction="vertical" style={{ width: '100%' }}>
            {/* under the page's (visually hidden) h1: an h2 (heading order) */}
            <Typography.Title level={2} style={{ margin: 0, fontSize: 20 }} data-testid="study-title">
              {d.resName}
            </Typography.Title>
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
              <Space wrap size={[12, 4]}>
                <Tag>{RES_TYPE_LABELS[d.resType] ?? '课程'}</Tag>
                <span>学时 {d.creditHours}</span>
                {d.duration > 0 && <span>已学 {formatStudied(studySeconds)}</span>}
                {completed ? <Tag color="success">已完成</Tag> : <Tag>学习中</Tag>}
              </Space>
              {d.duration > 0 && <Progress percent={progress} size="small" aria-label="学习进度" />}
            </div>
            <Space wrap>
              <Button
                icon={d.isCollect ? <HeartFilled style={{ color: '#eb2f96' }} /> : <HeartOutlined />}
                onClick={collect}
                disabled={busy}
              >
                {d.isCollect ? '已收藏' : '收藏'} {d.collectCnt || ''}
              </Button>
              <Button
                icon={d.isThumbsup ? <LikeFilled style={{ color: '#1677ff' }} /> : <LikeOutlined />}
                onClick={like}
                disabled={busy || d.isThumbsup === 1}
              >
                {d.isThumbsup ? '已点赞' : '点赞'} {d.thumbsupCnt || ''}
              </Button>
              <span style={{ color: 'var(--xt-text-tertiary)' }}>{d.viewCnt} 次浏览</span>
            </Space>
          </Space>
        </Card>
      </Col>
      <Col xs={24} lg={8}>
        <Card styles={{ body: { paddingTop: 4 } }}>
          <LightTabs label="课程信息" items={INFO_TABS} activeKey={infoTab} onChange={setInfoTab} />
          <LightTabPanels
            activeKey={infoTab}
            items={[
              {
                key: 'intro',
                children: (
                  <Space direction="vertical" style={{ width: '100%' }}>
                    {d.lecturerName && (
                      <Space>
                        <Avatar src={d.lecturerFace || undefined} alt={d.lecturerName}>
                          {d.lecturerName.slice(0, 1)}
                        </Avatar>
                        <span>讲师：{d.lecturerName}</span>
                      </Space>
                    )}
                    <Descriptions size="small" column={1}>
                      <Descriptions.Item label="目录">{d.dName || '—'}</Descriptions.Item>
                      {d.duration > 0 && <Descriptions.Item label="时长">{formatStudied(d.duration)}</Descriptions.Item>}
                      {d.lastStudyTime && !isEmptyDate(d.lastStudyTime) && (
                        <Descriptions.Item label="最近学习">{d.lastStudyTime}</Descriptions.Item>
                      )}
                    </Descriptions>
                    {d.introduceHtml ? <RichTextView html={d.introduceHtml} /> : <Empty description="暂无简介" />}
                  </Space>
                ),
              },
              {
                key: 'notes',
                children: (
                  <NotesPanel
                    rescode={d.resCode}
                    position={() => player.current?.position() ?? 0}
                    onSeek={(s) => player.current?.seek(s)}
                  />
                ),
              },
              {
                key: 'relevant',
                children: (
                  <RelevantList items={relevant.data ?? []} onOpen={(c) => navigate(`/trainres/study?id=${encodeURIComponent(c)}`)} />
                ),
              },
            ]}
          />
        </Card>
      </Col>
    </Row>
  );
}

/** 课时列表: the course's lessons, the current one highlighted; a click plays that lesson. */
function LessonPanel({ lessons, current, onPick }: { lessons: StudyLesson[]; current: number; onPick: (index: number) => void }) {
  return (
    <div data-testid="lesson-panel">
      <Typography.Text strong>课时列表（{lessons.length}）</Typography.Text>
      <List
        size="small"
        dataSource={lessons}
        renderItem={(l) => {
          const active = l.index === current;
          return (
            <List.Item
              data-testid="lesson-item"
              aria-current={active ? 'true' : undefined}
              onClick={() => onPick(l.index)}
              style={{
                cursor: 'pointer',
                paddingInline: 8,
                background: active ? '#e6f4ff' : undefined,
                borderInlineStart: active ? '3px solid #1677ff' : '3px solid transparent',
              }}
            >
              <Space style={{ width: '100%', justifyContent: 'space-between' }}>
                <Typography.Text strong={active} style={active ? { color: '#1677ff' } : undefined}>
                  {l.index + 1}. {l.title}
                </Typography.Text>
                <Typography.Text type="secondary">
                  {active ? '正在学习 · ' : ''}
                  {l.duration > 0 ? formatClock(l.duration) : ''}
                </Typography.Text>
              </Space>
            </List.Item>
          );
        }}
      />
    </div>
  );
}

function RelevantList({ items, onOpen }: { items: CourseCard[]; onOpen: (code: string) => void }) {
  if (!items.length) return <Empty description="暂无相关课程" />;
  return (
    <List
      dataSource={items}
      renderItem={(c) => (
        <List.Item style={{ cursor: 'pointer' }} onClick={() => onOpen(c.resCode)}>
          <List.Item.Meta
            title={c.resName}
            description={`${c.viewCnt} 次浏览 · 学时 ${c.creditHours}${c.progress ? ` · 已学 ${c.progress}%` : ''}`}
          />
        </List.Item>
      )}
    />
  );
}
