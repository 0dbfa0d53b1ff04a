import { practiceApi, WRONG_SOURCE_LABELS, type WrongQuestion } from '@xuetu/contract';
import { App, Button, Card, Collapse, Empty, Popconfirm, Result, Skeleton, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../api/client';
import { useCall, useInvalidate } from '../../../api/hooks';
import { useAppMutation } from '../../../app/useAppMutation';
import { Stem } from '../exam/Stem';
import { answerText, PracticeQuestion } from '../practice/PracticeQuestion';

/**
 * /ysUserExam/wrongbook: the learner's 错题本 grouped by source (a practice or an exam), with their
 * last answer; 练习错题 practises them again one by one, 移出 takes one out (issue 26 item 1).
 */
export default function WrongBookPage() {
  const invalidate = useInvalidate();
  const { message } = App.useApp();
  const book = useCall(practiceApi.getWrongBook, {});
  // the questions being practised (a snapshot: the book changes under them as they are answered)
  const [round, setRound] = useState<{ items: WrongQuestion[]; at: number } | null>(null);
  // the 错题本 and the dashboard's counts
  const refresh = () => invalidate('exam-taking');
  const remove = useAppMutation({
    mutationFn: (id: number) => call(practiceApi.removeWrong, { wrongId: id }),
    onSuccess: () => {
      message.success('已移出错题本');
      void refresh();
    },
  });
  if (book.isLoading) return <Skeleton active />;
  const data = book.data ?? { total: 0, groups: [] };

  if (round) {
    const item = round.items[round.at];
    const stop = () => {
      setRound(null);
      void refresh();
    };
    if (!item)
      return (
        <Result
          status="success"
          title="本轮错题已练习完"
          data-testid="wrong-round-done"
          extra={
            <Button type="primary" onClick={stop}>
              返回错题本
            </Button>
          }
        />
      );
    return (
      <div style={{ maxWidth: 760, margin: '0 auto' }} data-testid="wrong-practice">
        <Space style={{ justifyContent: 'space-between', width: '100%', marginBottom: 12 }} wrap>
          <Typography.Title level={2} style={{ margin: 0, fontSize: 18 }}>
            练习错题
          </Typography.Title>
          <Button onClick={stop}>返回错题本</Button>
        </Space>
        <PracticeQuestion
          key={`${item.wrongId}-${round.at}`}
          q={item}
          title={`第 ${round.at + 1} 题 / 共 ${round.items.length} 题`}
          submit={(answer) => call(practiceApi.answerWrong, { wrongId: item.wrongId, answer }, { dedupe: false })}
          next={() => (
            <Button type="primary" block onClick={() => setRound({ ...round, at: round.at + 1 })} data-testid="practice-next">
              {round.at + 1 < round.items.length ? '下一题' : '完成'}
            </Button>
          )}
        />
      </div>
    );
  }

  if (!data.total)
    return (
      <Card variant="borderless" title="错题本">
        <Empty description="错题本是空的：练习或考试中答错的题会出现在这里" data-testid="wrong-empty" />
      </Card>
    );
  const all = data.groups.flatMap((g) => g.questions);
  return (
    <Card
      variant="borderless"
      data-testid="wrong-book"
      title={<span data-testid="wrong-total">共 {data.total} 道错题</span>}
      extra={
        <Button type="primary" onClick={() => setRound({ items: all, at: 0 })} data-testid="wrong-practise-all">
          练习全部错题
        </Button>
      }
    >
      <Collapse
        defaultActiveKey={data.groups.map((g) => `${g.sourceKind}-${g.sourceCode}`)}
        items={data.groups.map((g) => ({
          key: `${g.sourceKind}-${g.sourceCode}`,
          label: (
            <span>
              <Tag color={g.sourceKind === 'exam' ? 'orange' : 'blue'}>{WRONG_SOURCE_LABELS[g.sourceKind]}</Tag>
              {g.sourceName}（{g.questions.length} 题）
            </span>
          ),
          extra: (
            <Button
              size="small"
              onClick={(e) => {
                e.stopPropagation();
                setRound({ items: g.questions, at: 0 });
              }}
            >
              练习本组
            </Button>
          ),
          children: (
            <div>
              {g.questions.map((q) => (
                <div
                  key={q.wrongId}
                  data-testid={`wrong-item-${q.qCode}`}
                  style={{
                    display: 'flex',
                    gap: 8,
                    alignItems: 'flex-start',
                    padding: '8px 0',
                    borderBottom: '1px solid var(--xt-border, #f0f0f0)',
                  }}
                >
                  <div style={{ minWidth: 0, flex: 1 }}>
                    <Stem html={q.qName} />
                    <Typography.Text type="secondary">
                      上次作答：{answerText(q.qType, q.lastAnswer) || '未作答'} · 连续答对 {q.rightStreak}/{q.clearStreak} 次后移出
                    </Typography.Text>
                  </div>
                  <Popconfirm title="确定把这道题移出错题本吗？" onConfirm={() => remove.mutate(q.wrongId)}>
                    <Button size="small" type="link" danger data-testid="wrong-remove">
                      移出
                    </Button>
                  </Popconfirm>
                </div>
              ))}
            </div>
          ),
        }))}
      />
    </Card>
  );
}
