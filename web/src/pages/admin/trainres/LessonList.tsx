import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { TrainResLimits } from '@xuetu/contract';
import { Button, Card, Input, Popconfirm, Space, Typography } from 'antd';
import { MediaUploader } from './MediaUploader';

/** One lesson (课时) being edited; `key` keeps each row's uploader while the list is reordered. */
export interface LessonDraft {
  key: string;
  title: string;
  mediaId: string;
}

let keys = 0;
export const newLessonKey = () => `l${Date.now().toString(36)}${++keys}`;
export const defaultLessonTitle = (n: number) => `第 ${n} 课`;

/** Moves the lesson at `i` one place up (-1) or down (+1); out of range leaves the list as is. */
export function moveLesson<T>(list: T[], i: number, by: -1 | 1): T[] {
  const j = i + by;
  if (i < 0 || j < 0 || i >= list.length || j >= list.length) return list;
  const next = [...list];
  [next[i], next[j]] = [next[j], next[i]];
  return next;
}

/**
 * What is wrong with the lessons before saving, or '' (ADR 0022): every lesson needs a title
 * (at most 50 characters) and an uploaded file, at most 50 lessons. The server checks the same.
 */
export function lessonsProblem(list: LessonDraft[]): string {
  if (!list.length) return '请至少添加一个课时并上传文件';
  if (list.length > TrainResLimits.lessonsMax) return `一个课程最多 ${TrainResLimits.lessonsMax} 个课时`;
  for (const [i, l] of list.entries()) {
    const title = l.title.trim();
    if (list.length > 1 && (!title || [...title].length > TrainResLimits.lessonTitleMax))
      return `请填写第 ${i + 1} 个课时的名称（1 到 ${TrainResLimits.lessonTitleMax} 个字）`;
    if (!l.mediaId) return `请上传第 ${i + 1} 个课时的文件`;
  }
  return '';
}

/**
 * 课时列表 of a video / audio resource: each lesson's title and file (the resumable uploader),
 * up / down, remove (confirmed); a single-media resource is a list of one.
 */
export function LessonList({ resType, value, onChange }: { resType: number; value: LessonDraft[]; onChange: (v: LessonDraft[]) => void }) {
  const patch = (key: string, p: Partial<LessonDraft>) => onChange(value.map((l) => (l.key === key ? { ...l, ...p } : l)));
  return (
    <Space direction="vertical" style={{ width: '100%' }} data-testid="lesson-list">
      {value.map((l, i) => (
        <Card
          key={l.key}
          size="small"
          data-testid="lesson-row"
          title={
            <Space>
              <Typography.Text type="secondary">课时 {i + 1}</Typography.Text>
              <Input
                size="small"
                style={{ width: 280 }}
                value={l.title}
                maxLength={TrainResLimits.lessonTitleMax}
                placeholder="课时名称"
                aria-label={`课时 ${i + 1} 名称`}
                onChange={(e) => patch(l.key, { title: e.target.value })}
              />
            </Space>
          }
          extra={
            <Space size={4}>
              <Button
                size="small"
                icon={<ArrowUpOutlined />}
                disabled={i === 0}
                aria-label={`上移课时 ${i + 1}`}
                onClick={() => onChange(moveLesson(value, i, -1))}
              />
              <Button
                size="small"
                icon={<ArrowDownOutlined />}
                disabled={i === value.length - 1}
                aria-label={`下移课时 ${i + 1}`}
                onClick={() => onChange(moveLesson(value, i, 1))}
              />
              <Popconfirm
                title="删除该课时？"
                description="删除后学员将看不到该课时（保存并审核通过后生效）"
                okText="删除"
                cancelText="取消"
                onConfirm={() => onChange(value.filter((x) => x.key !== l.key))}
              >
                <Button size="small" danger icon={<DeleteOutlined />} disabled={value.length === 1} aria-label={`删除课时 ${i + 1}`} />
              </Popconfirm>
            </Space>
          }
        >
          <MediaUploader resType={resType} mediaId={l.mediaId} onChange={(id) => patch(l.key, { mediaId: id })} />
        </Card>
      ))}
      <Button
        icon={<PlusOutlined />}
        disabled={value.length >= TrainResLimits.lessonsMax}
        onClick={() => onChange([...value, { key: newLessonKey(), title: defaultLessonTitle(value.length + 1), mediaId: '' }])}
        data-testid="lesson-add"
      >
        添加课时
      </Button>
    </Space>
  );
}
