import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { MediaView } from '@xuetu/contract';
import { useState } from 'react';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { type LessonDraft, LessonList, lessonsProblem, moveLesson } from './LessonList';

// The resource editor's 课时 list (ADR 0022): titles, order, removal with confirmation, adding.
const R = '/Api/Train_Manage/Train_Res';
const mediaView = (mediaId: string): MediaView => ({
  mediaId,
  status: 'ready',
  progress: 100,
  error: '',
  errorDetail: '',
  duration: 40,
  qualities: ['OD'],
  originalName: `${mediaId}.mp4`,
  size: 1000,
});

let latest: LessonDraft[] = [];
function Harness({ initial }: { initial: LessonDraft[] }) {
  const [value, setValue] = useState(initial);
  latest = value;
  return <LessonList resType={1} value={value} onChange={setValue} />;
}
const show = (initial: LessonDraft[]) => renderWithApp(<Harness initial={initial} />);
const three = (): LessonDraft[] => [
  { key: 'a', title: '第一课', mediaId: 'MA' },
  { key: 'b', title: '第二课', mediaId: 'MB' },
  { key: 'c', title: '第三课', mediaId: 'MC' },
];
const titles = () => screen.getAllByRole('textbox', { name: /课时 \d 名称/ }).map((el) => (el as HTMLInputElement).value);

beforeEach(() => {
  resetRequestState();
  mockApi().on(`${R}/GetMediaStatus`, (_c: unknown, body: { mediaId: string }) => ok(mediaView(body.mediaId)));
});

describe('LessonList', () => {
  it('shows each lesson with its file, edits a title, reorders with up / down', async () => {
    show(three());
    expect(titles()).toEqual(['第一课', '第二课', '第三课']);
    await waitFor(() => expect(screen.getByText('MB.mp4')).toBeTruthy());
    fireEvent.change(screen.getByRole('textbox', { name: '课时 2 名称' }), { target: { value: '隐患识别' } });
    expect(latest.map((l) => l.title)).toEqual(['第一课', '隐患识别', '第三课']);
    fireEvent.click(screen.getByRole('button', { name: '上移课时 2' }));
    expect(titles()).toEqual(['隐患识别', '第一课', '第三课']);
    expect(latest.map((l) => l.mediaId)).toEqual(['MB', 'MA', 'MC']);
    fireEvent.click(screen.getByRole('button', { name: '下移课时 2' }));
    expect(latest.map((l) => l.mediaId)).toEqual(['MB', 'MC', 'MA']);
    // the ends cannot move further
    expect(screen.getByRole('button', { name: '上移课时 1' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: '下移课时 3' })).toHaveProperty('disabled', true);
  });

  it('removes a lesson only after confirmation; adds a lesson to upload', async () => {
    show(three());
    fireEvent.click(screen.getByRole('button', { name: '删除课时 1' }));
    const confirm = await screen.findByText('删除该课时？');
    expect(latest).toHaveLength(3);
    const pop = confirm.closest('.ant-popover') as HTMLElement;
    fireEvent.click(within(pop).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(latest.map((l) => l.mediaId)).toEqual(['MB', 'MC']));
    fireEvent.click(screen.getByTestId('lesson-add'));
    expect(titles()).toEqual(['第二课', '第三课', '第 3 课']);
    expect(latest[2].mediaId).toBe('');
    // the new lesson offers the (resumable) uploader
    const rows = screen.getAllByTestId('lesson-row');
    expect(within(rows[2]).getByRole('button', { name: /上传文件/ })).toBeTruthy();
    expect(lessonsProblem(latest)).toBe('请上传第 3 个课时的文件');
  });

  it('a single lesson cannot be removed (replace its file instead)', () => {
    show([{ key: 'a', title: '唯一', mediaId: 'MA' }]);
    expect(screen.getByRole('button', { name: '删除课时 1' })).toHaveProperty('disabled', true);
  });
});

describe('lesson rules', () => {
  it('moveLesson swaps neighbours and ignores moves past the ends', () => {
    expect(moveLesson([1, 2, 3], 0, 1)).toEqual([2, 1, 3]);
    expect(moveLesson([1, 2, 3], 0, -1)).toEqual([1, 2, 3]);
    expect(moveLesson([1, 2, 3], 2, 1)).toEqual([1, 2, 3]);
  });

  it('lessonsProblem: titles 1–50 characters when there are several, a file each, at most 50', () => {
    const l = (title: string, mediaId = 'M') => ({ key: title, title, mediaId });
    expect(lessonsProblem([])).toBe('请至少添加一个课时并上传文件');
    expect(lessonsProblem([l('')])).toBe('');
    expect(lessonsProblem([l('一'), l(' ')])).toBe('请填写第 2 个课时的名称（1 到 50 个字）');
    expect(lessonsProblem([l('一'), l('课'.repeat(51))])).toContain('第 2 个课时的名称');
    expect(lessonsProblem([l('一'), l('二', '')])).toBe('请上传第 2 个课时的文件');
    expect(lessonsProblem(Array.from({ length: 51 }, (_, i) => l(`课${i}`)))).toBe('一个课程最多 50 个课时');
    expect(lessonsProblem([l('一'), l('二')])).toBe('');
  });
});
