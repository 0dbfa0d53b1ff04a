import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { AttemptQuestionView, ExamPaperView } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { examPaper, optionFields } from '../../../test/fixtures';
import { journalStore as store } from '../../../test/memoryJournal';
import { type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderAt } from '../../../test/renderApp';
import ExamPage from './index';

// One attempt open in two tabs or devices (issue 23 item 3): the page that no longer holds the
// attempt shows the server's answers behind a blocking dialog and saves nothing until it takes over.

// the answer journal in memory (jsdom has no IndexedDB)
vi.mock('./journal', () => import('../../../test/memoryJournal'));

const SAVE = '/Api/UserExam/ex_userexam/SaveAnswer';
const PAPER = '/Api/UserExam/ex_userexam/GetExamPaper';
const SUBMIT = '/Api/UserExam/ex_userexam/SubmitExam';
const ID = 7;
const single: AttemptQuestionView = {
  qCode: 'Q1',
  order: 1,
  qType: 1,
  qName: '火警电话是？',
  score: 100,
  blankCount: 0,
  ...optionFields({ a: '110', b: '119', c: '120' }),
};
const paperWith = (answer: string | undefined, heldHere: boolean): ExamPaperView =>
  examPaper({
    userpaperId: ID,
    examCode: 'E1',
    examName: '双窗口考试',
    questions: [single],
    answers: answer ? { Q1: answer } : {},
    seqs: answer ? { Q1: 5 } : {},
    heldHere,
  });

let api: MockApi;
/** what the server holds */
let server: { answer?: string; holder: string };
const paperCalls = () => api.calls.filter((c) => c.url === PAPER).map((c) => c.body as { holder?: string; takeOver?: number });
const saveCalls = () => api.calls.filter((c) => c.url === SAVE).map((c) => c.body as { holder?: string; answer?: string });
const option = (label: string) => screen.getByRole('radio', { name: new RegExp(label) });

beforeEach(() => {
  store.clear();
  localStorage.clear();
  server = { holder: '' };
  api = mockApi()
    .on(PAPER, (_c: unknown, body: { holder: string; takeOver: number }) => {
      if (body.takeOver === 1) server.holder = body.holder;
      return ok(paperWith(server.answer, server.holder === body.holder));
    })
    .on(SAVE, (_c: unknown, body: { holder: string; answer: string; seq: number; qCode: string }) => {
      if (body.holder !== server.holder)
        return { success: false, msg: '本场考试已在其他窗口或设备上作答', data: null, errorCode: 0, code: 'ATTEMPT_TAKEN_OVER' };
      server.answer = body.answer;
      return ok({ qCode: body.qCode, seq: body.seq, applied: true, serverNow: '', remainingSeconds: 1000 });
    })
    .on(SUBMIT, (_c: unknown, body: { holder: string }) =>
      body.holder === server.holder
        ? ok({ userpaperId: ID, score: 100, isPass: 1, delayMarkingPapers: 0, submittedNow: true })
        : { success: false, msg: '本场考试已在其他窗口或设备上作答', data: null, errorCode: 0, code: 'ATTEMPT_TAKEN_OVER' },
    );
});
afterEach(() => vi.restoreAllMocks());

const renderPage = () => renderAt(`/ysUserExam/exam?examCode=E1&userpaperId=${ID}`, <ExamPage />);

describe('a page that no longer holds the attempt', () => {
  it('is refused, shows the server’s answer behind the dialog, saves nothing read-only, and takes over explicitly', async () => {
    renderPage();
    await screen.findByText('火警电话是？');
    const mine = paperCalls()[0];
    expect(mine).toMatchObject({ takeOver: 1 });
    expect(mine.holder).toMatch(/^[A-Za-z0-9_-]{8,64}$/);

    // another device opens the attempt and answers 120
    server.holder = 'other-device-page';
    server.answer = 'C';
    fireEvent.click(option('119'));
    await screen.findByTestId('takeover-dialog');
    expect(screen.getByText('本场考试已在其他窗口或设备上作答')).toBeInTheDocument();
    // the refused answer is gone from the journal and the page shows what the server holds
    await waitFor(() => expect(option('120')).toBeChecked());
    expect(store.size).toBe(0);
    expect(paperCalls().at(-1)).toMatchObject({ holder: mine.holder, takeOver: 0 });
    expect(server).toMatchObject({ answer: 'C', holder: 'other-device-page' });

    fireEvent.click(screen.getByTestId('takeover-readonly'));
    await screen.findByTestId('readonly-banner');
    expect(option('110')).toBeDisabled();
    expect(screen.getByTestId('submit-exam')).toBeDisabled();
    const saves = saveCalls().length;
    fireEvent.click(option('110'));
    await new Promise((r) => setTimeout(r, 50));
    expect(saveCalls()).toHaveLength(saves);
    expect(store.size).toBe(0);

    // 在此继续作答: holds the attempt again, reloads the server's answer, saves again
    server.answer = 'A';
    fireEvent.click(screen.getByRole('button', { name: '在此继续作答' }));
    await waitFor(() => expect(screen.queryByTestId('readonly-banner')).not.toBeInTheDocument());
    expect(paperCalls().at(-1)).toMatchObject({ holder: mine.holder, takeOver: 1 });
    expect(server.holder).toBe(mine.holder);
    await waitFor(() => expect(option('110')).toBeChecked());
    expect(option('119')).toBeEnabled();
    fireEvent.click(option('119'));
    await waitFor(() => expect(server.answer).toBe('B'));
    expect(saveCalls().at(-1)).toMatchObject({ holder: mine.holder, answer: 'B' });
  });

  it('that has not saved since another device opened the attempt cannot hand it in', async () => {
    renderPage();
    await screen.findByText('火警电话是？');
    server.holder = 'other-device-page';
    server.answer = 'C';
    fireEvent.click(screen.getByTestId('submit-exam'));
    const confirm = await waitFor(() => {
      const button = document.querySelector<HTMLElement>('.ant-modal-confirm-btns .ant-btn-primary');
      expect(button).not.toBeNull();
      return button as HTMLElement;
    });
    fireEvent.click(confirm);
    await screen.findByTestId('takeover-dialog');
    await waitFor(() => expect(option('120')).toBeChecked());
    expect(api.calls.filter((c) => c.url === SUBMIT)).toHaveLength(1);
    expect(screen.queryByText('交卷成功')).not.toBeInTheDocument();
  });

  it('in the same browser hears at once that another tab opened the attempt (BroadcastChannel)', async () => {
    server.answer = 'A';
    renderPage();
    await waitFor(() => expect(option('110')).toBeChecked());
    const other = new BroadcastChannel(`xuetu-exam-${ID}`);
    try {
      server.holder = 'second-tab-page';
      server.answer = 'C';
      other.postMessage({ type: 'opened', holder: 'second-tab-page' });
      await screen.findByTestId('takeover-dialog');
      await waitFor(() => expect(option('120')).toBeChecked());
      expect(saveCalls()).toHaveLength(0);
      fireEvent.click(screen.getByTestId('takeover-readonly'));
      // the tab that answers saves: the read-only tab follows
      server.answer = 'B';
      other.postMessage({ type: 'changed', holder: 'second-tab-page' });
      await waitFor(() => expect(option('119')).toBeChecked());
      expect(option('119')).toBeDisabled();
    } finally {
      other.close();
    }
  });
});
