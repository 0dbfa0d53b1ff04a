import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { PlayListAnswer, StudyDetail } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderAt } from '../../../test/renderApp';
import StudyPage from './index';

// The study page of a course of several lessons (ADR 0022): the lesson list, switching, the next
// lesson after one ends, and heartbeats that carry the lesson.
const R = '/Api/Train_Manage/Train_Res';
const lessons = ['岗前安全检查', '隐患识别与上报', '事故应急处置'].map((title, index) => ({
  index,
  title,
  duration: 40 + index,
  resCode: 'R1',
  resName: '班组安全管理',
}));
const detail = (over: Partial<StudyDetail> = {}) =>
  ({
    resCode: 'R1',
    resName: '班组安全管理',
    introduce: '',
    introduceHtml: '',
    content: '',
    cover: '',
    resType: 1,
    viewCnt: 3,
    creditHours: 1,
    duration: 123,
    dName: '岗位技能',
    dCode: 'D1',
    lecturerCode: '',
    lecturerName: '',
    lecturerFace: '',
    lecturerIntro: '',
    studySeconds: 0,
    progress: 0,
    completed: 0,
    lastPosition: 12,
    lastLesson: 1,
    completeTime: '',
    lastStudyTime: '',
    isCollect: 0,
    isThumbsup: 0,
    collectCnt: 0,
    thumbsupCnt: 0,
    noteCnt: 0,
    lessons,
    rules: { maxSpeed: 2, allowSeekAhead: true },
    interval: 15,
    ...over,
  }) as StudyDetail;
const playList = (lesson: number): PlayListAnswer => ({
  playList: [{ item1: 'OD', item2: `/prod-api/media/play/M${lesson}/OD/source.mp4?t=x` }],
  attExt: '.mp4',
  cover: '',
  resType: 1,
  resName: '班组安全管理',
  duration: 40 + lesson,
  previewSeconds: 0,
  format: 'file',
  note: '',
  lesson,
});

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi()
    .on(`${R}/GetTrainResStudyDetail`, ok(detail()))
    .on(`${R}/GetVideoPlayList`, (_c: unknown, body: { lesson: number }) => ok(playList(body.lesson)))
    .on(`${R}/GetStudyInterval`, ok(15))
    .on(`${R}/GetRelevantList`, ok([]))
    .on(`${R}/GetNoteList`, ok([]))
    .on(
      `${R}/Study`,
      ok({ accepted: true, opened: true, takenOver: false, credited: 0, studySeconds: 0, duration: 123, progress: 0, completed: 0 }),
    )
    .on(`${R}/StudyComplete`, ok({ completed: 1, studySeconds: 123, progress: 100, completeTime: '' }, '恭喜，已完成本课程'));
});
// jsdom has no media playback
const media = HTMLMediaElement.prototype;
const original = { pause: Object.getOwnPropertyDescriptor(media, 'pause'), play: Object.getOwnPropertyDescriptor(media, 'play') };
beforeEach(() => {
  Object.defineProperty(HTMLMediaElement.prototype, 'pause', { configurable: true, value: () => {} });
  Object.defineProperty(HTMLMediaElement.prototype, 'play', { configurable: true, value: () => Promise.resolve() });
});
afterEach(() => {
  if (original.pause) Object.defineProperty(media, 'pause', original.pause);
  if (original.play) Object.defineProperty(media, 'play', original.play);
});

const show = () => renderAt('/trainres/study?id=R1', <StudyPage />);
const video = () => screen.getByTestId('study-video') as HTMLVideoElement;
const items = () => screen.getAllByTestId('lesson-item');
const current = () => items().findIndex((el) => el.getAttribute('aria-current') === 'true');
const beats = () => api.calls.filter((c) => c.url.endsWith('/Study')).map((c) => c.body as { lesson?: number; position: number });

describe('study page: a course of several lessons', () => {
  it('lists the lessons, opens where the learner was, switches on a click and beats with the lesson', async () => {
    show();
    await waitFor(() => expect(video().getAttribute('src')).toBe('/prod-api/media/play/M1/OD/source.mp4?t=x'));
    expect(within(screen.getByTestId('lesson-panel')).getByText('课时列表（3）')).toBeTruthy();
    expect(items().map((el) => el.textContent)).toEqual([
      expect.stringContaining('1. 岗前安全检查'),
      expect.stringContaining('2. 隐患识别与上报'),
      expect.stringContaining('3. 事故应急处置'),
    ]);
    expect(current()).toBe(1);
    // resumes in that lesson at the position
    Object.defineProperty(video(), 'duration', { configurable: true, value: 41 });
    fireEvent.loadedMetadata(video());
    expect(video().currentTime).toBe(12);
    await act(async () => {
      fireEvent.play(video());
    });
    await waitFor(() => expect(beats()).toHaveLength(1));
    expect(beats()[0]).toMatchObject({ lesson: 1 });
    // a click on the third lesson plays it
    fireEvent.click(items()[2]);
    await waitFor(() => expect(video().getAttribute('src')).toBe('/prod-api/media/play/M2/OD/source.mp4?t=x'));
    expect(current()).toBe(2);
    const asked = api.calls.filter((c) => c.url.endsWith('/GetVideoPlayList')).map((c) => (c.body as { lesson: number }).lesson);
    expect(asked).toEqual([1, 2]);
    // switching closed the viewing of the previous lesson with its own lesson index
    await waitFor(() => expect(beats().length).toBeGreaterThanOrEqual(2));
    expect(beats()[1]).toMatchObject({ lesson: 1 });
    await act(async () => {
      fireEvent.play(video());
    });
    await waitFor(() => expect(beats().at(-1)).toMatchObject({ lesson: 2 }));
  });

  it('the next lesson starts when one ends; the end of the last completes the course', async () => {
    api.on(`${R}/GetTrainResStudyDetail`, ok(detail({ lastLesson: 0, lastPosition: 0 })));
    show();
    await waitFor(() => expect(video().getAttribute('src')).toBe('/prod-api/media/play/M0/OD/source.mp4?t=x'));
    await act(async () => {
      fireEvent.ended(video());
    });
    await waitFor(() => expect(current()).toBe(1));
    expect(video().getAttribute('src')).toBe('/prod-api/media/play/M1/OD/source.mp4?t=x');
    expect(api.calls.some((c) => c.url.endsWith('/StudyComplete'))).toBe(false);
    fireEvent.click(items()[2]);
    await waitFor(() => expect(video().getAttribute('src')).toBe('/prod-api/media/play/M2/OD/source.mp4?t=x'));
    expect(current()).toBe(2);
    await act(async () => {
      fireEvent.ended(video());
    });
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/StudyComplete'))).toBe(true));
  });

  it('a single resource shows no lesson list and beats as before (no lesson field)', async () => {
    api.on(`${R}/GetTrainResStudyDetail`, ok(detail({ lessons: [lessons[0]], lastLesson: 0 })));
    show();
    await waitFor(() => expect(video().getAttribute('src')).toBe('/prod-api/media/play/M0/OD/source.mp4?t=x'));
    expect(screen.queryByTestId('lesson-panel')).toBeNull();
    await act(async () => {
      fireEvent.play(video());
    });
    await waitFor(() => expect(beats()).toHaveLength(1));
    expect(beats()[0]).not.toHaveProperty('lesson');
  });
});

// The rest of the page (ADR 0050: plain elements, no antd on its first screen): notes, favourite, like.
describe('study page: notes, favourite and like', () => {
  const note = (id: number, content: string, position: number) => ({
    id,
    rescode: 'R1',
    content,
    position,
    createTime: '2026-11-28 10:00',
  });

  it('is drawn without antd components', async () => {
    api.on(`${R}/GetTrainResStudyDetail`, ok(detail({ lessons: [lessons[0]], lastLesson: 0, lecturerName: '陈立新', dName: '安全生产' })));
    show();
    const page = (await screen.findByTestId('study-title')).closest('.xt-study');
    expect(page).not.toBeNull();
    expect(page?.querySelector('[class*="ant-"]')).toBeNull();
    expect(screen.getByRole('progressbar', { name: '学习进度' })).toHaveAttribute('aria-valuenow', '0');
    expect(screen.getByText('讲师：陈立新')).toBeTruthy();
  });

  it('adds a note at the playing position, edits it in place and deletes it after a confirmation', async () => {
    let notes = [note(1, '旧笔记', 30)];
    api
      .on(`${R}/GetTrainResStudyDetail`, ok(detail({ lessons: [lessons[0]], lastLesson: 0, lastPosition: 0 })))
      .on(`${R}/GetNoteList`, () => ok(notes))
      .on(`${R}/AddNoteData`, (_c: unknown, body: { content: string; position: number }) => {
        const added = note(2, body.content, body.position);
        notes = [...notes, added];
        return ok(added);
      })
      .on(`${R}/UpdateNote`, (_c: unknown, body: { id: number; content: string }) => {
        notes = notes.map((n) => (n.id === body.id ? { ...n, content: body.content } : n));
        return ok(notes.find((n) => n.id === body.id));
      })
      .on(`${R}/DelNote`, (_c: unknown, body: { id: number }) => {
        notes = notes.filter((n) => n.id !== body.id);
        return ok(null);
      });
    show();
    await waitFor(() => expect(video().getAttribute('src')).toBeTruthy());
    Object.defineProperty(video(), 'currentTime', { configurable: true, value: 42.7 });
    fireEvent.click(screen.getByRole('tab', { name: '笔记' }));
    await waitFor(() => expect(screen.getAllByTestId('note-item')).toHaveLength(1));
    const add = screen.getByRole('button', { name: '添加笔记' });
    expect(add).toBeDisabled();
    fireEvent.change(screen.getByLabelText('笔记内容'), { target: { value: '  新笔记  ' } });
    fireEvent.click(add);
    await waitFor(() => expect(screen.getAllByTestId('note-item')).toHaveLength(2));
    expect(api.calls.find((c) => c.url.endsWith('/AddNoteData'))?.body).toMatchObject({ rescode: 'R1', content: '新笔记', position: 42 });
    expect((screen.getByLabelText('笔记内容') as HTMLTextAreaElement).value).toBe('');
    expect(screen.getAllByTestId('note-item')[1]).toHaveTextContent('0:42');

    // edit in place: Escape cancels, 保存 sends the trimmed text
    const first = () => screen.getAllByTestId('note-item')[0] as HTMLElement;
    fireEvent.click(within(first()).getByRole('button', { name: '编辑' }));
    fireEvent.keyDown(within(first()).getByLabelText('编辑笔记内容'), { key: 'Escape' });
    expect(within(first()).queryByLabelText('编辑笔记内容')).toBeNull();
    fireEvent.click(within(first()).getByRole('button', { name: '编辑' }));
    fireEvent.change(within(first()).getByLabelText('编辑笔记内容'), { target: { value: '改过的笔记' } });
    fireEvent.click(within(first()).getByRole('button', { name: '保存' }));
    await waitFor(() => expect(first()).toHaveTextContent('改过的笔记'));
    expect(api.calls.find((c) => c.url.endsWith('/UpdateNote'))?.body).toMatchObject({ id: 1, content: '改过的笔记' });

    // delete: nothing goes before the confirmation; 取消 keeps the note
    fireEvent.click(within(first()).getByRole('button', { name: '删除' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('确定删除这条笔记吗？');
    fireEvent.click(within(dialog).getByRole('button', { name: /取\s*消/ }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(api.calls.some((c) => c.url.endsWith('/DelNote'))).toBe(false);
    fireEvent.click(within(first()).getByRole('button', { name: '删除' }));
    fireEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: /删\s*除/ }));
    await waitFor(() => expect(screen.getAllByTestId('note-item')).toHaveLength(1));
    expect(api.calls.find((c) => c.url.endsWith('/DelNote'))?.body).toMatchObject({ id: 1 });
  });

  it('asks for the related courses only when their tab is opened', async () => {
    api.on(`${R}/GetRelevantList`, ok([{ resCode: 'R9', resName: '相关的课', viewCnt: 4, creditHours: 2, progress: 0 }]));
    show();
    await waitFor(() => expect(video().getAttribute('src')).toBeTruthy());
    expect(api.calls.some((c) => c.url.endsWith('/GetRelevantList'))).toBe(false);
    fireEvent.click(screen.getByRole('tab', { name: '相关课程' }));
    expect(await screen.findByRole('button', { name: /相关的课/ })).toHaveTextContent('4 次浏览 · 学时 2');
    expect(api.calls.filter((c) => c.url.endsWith('/GetRelevantList'))).toHaveLength(1);
  });

  it('favourite toggles with its count; a like is given once', async () => {
    api
      .on(`${R}/GetTrainResStudyDetail`, ok(detail({ lessons: [lessons[0]], lastLesson: 0, collectCnt: 2, thumbsupCnt: 5 })))
      .on(`${R}/Collect`, ok({ isCollect: 1, collectCnt: 3 }, '收藏成功'))
      .on(`${R}/SetThumbsup`, ok({ isThumbsup: 1, thumbsupCnt: 6 }, '点赞成功'));
    show();
    fireEvent.click(await screen.findByRole('button', { name: /收藏 2/ }));
    expect(await screen.findByRole('button', { name: /已收藏 3/ })).toBeEnabled();
    fireEvent.click(screen.getByRole('button', { name: /点赞 5/ }));
    expect(await screen.findByRole('button', { name: /已点赞 6/ })).toBeDisabled();
  });
});
