import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { PracticeFeedback, PracticeNext, WrongBookView } from '@xuetu/contract';
import { beforeEach, describe, expect, it } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { optionFields } from '../../../test/fixtures';
import { fail, type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderAt, renderWithApp } from '../../../test/renderApp';
import { toasts } from '../../../test/toasts';
import WrongBookPage from '../wrongbook';
import PracticePage from '.';

const L = '/Api/UserExam/ex_practice';
const W = '/Api/UserExam/ex_wrongbook';
const question = {
  qCode: 'Q1',
  qType: 1,
  qName: '火警电话是？',
  blankCount: 0,
  ...optionFields({ a: '110', b: '119', c: '120' }),
};
const next = (over: Partial<PracticeNext> = {}): PracticeNext => ({
  practiceCode: 'PR1',
  practiceName: '消防练习',
  total: 2,
  answered: 0,
  right: 0,
  pending: 0,
  position: 1,
  question,
  ...over,
});
const wrongFeedback: PracticeFeedback = {
  qCode: 'Q1',
  isRight: false,
  rightAnswer: 'B',
  analysis: '火警电话是 119',
  hidden: '',
  inWrongBook: true,
  cleared: false,
  rightStreak: 0,
  clearStreak: 2,
};

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi();
});

const renderPractice = () => renderAt('/ysUserExam/practice?practiceCode=PR1', <PracticePage />);

describe('the practice page', () => {
  it('shows the question without a key, sends the chosen answer and shows the feedback; 下一题 asks for the next one', async () => {
    let calls = 0;
    api
      .on(`${L}/GetNextQuestion`, () =>
        ok(calls++ === 0 ? next() : next({ answered: 1, position: 2, question: { ...question, qCode: 'Q2', qName: '第二题' } })),
      )
      .on(`${L}/AnswerQuestion`, ok(wrongFeedback));
    renderPractice();
    expect(await screen.findByText('火警电话是？')).toBeInTheDocument();
    expect(screen.getByText('第 1 题 / 共 2 题')).toBeInTheDocument();
    expect(screen.queryByTestId('practice-feedback')).toBeNull();
    // nothing chosen: nothing to send
    expect(screen.getByTestId('practice-submit')).toBeDisabled();
    fireEvent.click(screen.getByText('A. 110'));
    fireEvent.click(screen.getByTestId('practice-submit'));
    expect(await screen.findByTestId('practice-verdict')).toHaveTextContent('回答错误');
    expect(screen.getByTestId('practice-key')).toHaveTextContent('正确答案：B');
    expect(screen.getByTestId('practice-feedback')).toHaveTextContent('火警电话是 119');
    expect(screen.getByTestId('practice-feedback')).toHaveTextContent('已记入错题本');
    expect(api.calls.find((c) => c.url.endsWith('/AnswerQuestion'))?.body).toEqual({ practiceCode: 'PR1', qCode: 'Q1', answer: 'A' });
    fireEvent.click(screen.getByTestId('practice-next'));
    expect(await screen.findByText('第二题')).toBeInTheDocument();
  });

  it('says why the key is hidden instead of right or wrong', async () => {
    api
      .on(`${L}/GetNextQuestion`, ok(next()))
      .on(
        `${L}/AnswerQuestion`,
        ok({ ...wrongFeedback, isRight: null, rightAnswer: null, analysis: null, hidden: 'otherExam', inWrongBook: false }),
      );
    renderPractice();
    fireEvent.click(await screen.findByText('B. 119'));
    fireEvent.click(screen.getByTestId('practice-submit'));
    expect(await screen.findByTestId('practice-feedback')).toHaveTextContent('该题在您仍可参加的考试中');
    expect(screen.queryByTestId('practice-key')).toBeNull();
    expect(screen.queryByTestId('practice-verdict')).toBeNull();
  });

  it('a refused answer shows the server’s reason once and keeps the question open', async () => {
    api.on(`${L}/GetNextQuestion`, ok(next())).on(`${L}/AnswerQuestion`, fail('所选选项不在本题范围内'));
    renderPractice();
    fireEvent.click(await screen.findByText('C. 120'));
    fireEvent.click(screen.getByTestId('practice-submit'));
    await waitFor(() => expect(toasts()).toEqual(['所选选项不在本题范围内']));
    expect(screen.queryByTestId('practice-feedback')).toBeNull();
    expect(screen.getByTestId('practice-submit')).toBeEnabled();
  });

  it('a finished practice offers to start again', async () => {
    api.on(`${L}/GetNextQuestion`, ok(next({ answered: 2, right: 1, position: null, question: null })));
    renderPractice();
    expect(await screen.findByTestId('practice-done')).toHaveTextContent('共 2 题，答对 1 题');
  });

  it('counts answers whose key is still hidden as 待公布, not wrong (issue 38 item 9)', async () => {
    api.on(`${L}/GetNextQuestion`, ok(next({ answered: 2, right: 0, pending: 2, position: null, question: null })));
    renderPractice();
    expect(await screen.findByTestId('practice-done')).toHaveTextContent('共 2 题，答对 0 题，2 题待公布');
  });
});

describe('the practice list', () => {
  const renderList = () => renderAt('/ysUserExam/practice', <PracticePage />);

  it('says how many answers wait for their key on the card', async () => {
    api.on(
      `${L}/GetMyPracticeList`,
      ok([
        {
          practiceCode: 'PR1',
          practiceName: '消防练习',
          sourceName: '消防',
          questionCount: 8,
          answeredCount: 8,
          rightCount: 2,
          pendingCount: 5,
        },
      ]),
    );
    renderList();
    expect(await screen.findByTestId('practice-standing')).toHaveTextContent('已答 8 题，答对 2 题，5 题待公布');
  });

  it('shows the empty state inside the page’s card (issue 38 item 14)', async () => {
    api.on(`${L}/GetMyPracticeList`, ok([]));
    renderList();
    const card = await screen.findByTestId('practice-list-card');
    expect(card).toContainElement(await screen.findByTestId('practice-empty'));
    expect(card).toHaveTextContent('我的练习');
  });
});

describe('the 错题本', () => {
  const book: WrongBookView = {
    total: 1,
    groups: [
      {
        sourceKind: 'practice',
        sourceCode: 'PR1',
        sourceName: '消防练习',
        questions: [{ ...question, wrongId: 5, lastAnswer: 'A', rightStreak: 0, clearStreak: 2, addedAt: '', updatedAt: '' }],
      },
    ],
  };

  it('groups by source with the last answer, practises a question again and removes one by hand', async () => {
    api
      .on(`${W}/GetWrongBook`, ok(book))
      .on(`${W}/AnswerWrong`, ok({ ...wrongFeedback, isRight: true, rightStreak: 1 }))
      .on(`${W}/Remove`, ok(null));
    renderWithApp(<WrongBookPage />);
    expect(await screen.findByTestId('wrong-total')).toHaveTextContent('共 1 道错题');
    expect(screen.getByTestId('wrong-book')).toHaveTextContent('消防练习');
    expect(screen.getByTestId('wrong-book')).toHaveTextContent('上次作答：A');
    fireEvent.click(screen.getByTestId('wrong-practise-all'));
    fireEvent.click(await screen.findByText('B. 119'));
    fireEvent.click(screen.getByTestId('practice-submit'));
    expect(await screen.findByTestId('practice-verdict')).toHaveTextContent('回答正确');
    expect(screen.getByTestId('practice-feedback')).toHaveTextContent('1/2');
    // a right answer is not recorded (issue 38 item 14)
    expect(screen.getByTestId('practice-feedback')).not.toHaveTextContent('已记入错题本');
    expect(screen.getByTestId('practice-book')).toHaveTextContent('错题本中已连续答对 1/2 次，再答对 1 次移出');
    expect(api.calls.find((c) => c.url.endsWith('/AnswerWrong'))?.body).toEqual({ wrongId: 5, answer: 'B' });
    fireEvent.click(screen.getByTestId('practice-next'));
    fireEvent.click(await screen.findByRole('button', { name: '返回错题本' }));
    fireEvent.click(await screen.findByTestId('wrong-remove'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定|OK/ }));
    await waitFor(() => expect(api.calls.some((c) => c.url.endsWith('/Remove'))).toBe(true));
    expect(api.calls.find((c) => c.url.endsWith('/Remove'))?.body).toEqual({ wrongId: 5 });
  });
});
