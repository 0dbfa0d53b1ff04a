import { act, fireEvent, render, screen } from '@testing-library/react';
import type { AttemptQuestionView } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { optionFields } from '../../../test/fixtures';
import { QuestionCard, TEXT_DEBOUNCE_MS } from './QuestionCard';

const fillIn: AttemptQuestionView = {
  qCode: 'Q4',
  order: 4,
  qType: 4,
  qName: '<p>首都是（），成立于___年。</p>',
  score: 20,
  blankCount: 2,
  ...optionFields(),
};

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

const renderCard = (onAnswer = vi.fn()) => {
  const view = render(
    <QuestionCard q={fillIn} index={4} answer={undefined} flagged={false} disabled={false} onAnswer={onAnswer} onFlag={vi.fn()} />,
  );
  return { onAnswer, ...view };
};
const sent = (onAnswer: ReturnType<typeof vi.fn>) => onAnswer.mock.calls.filter((c) => c[1] === true).map((c) => c[0]);

describe('fill-in answers', () => {
  it('are journalled and sent once typing pauses for 700 ms, with every blank', () => {
    expect(TEXT_DEBOUNCE_MS).toBe(700);
    const { onAnswer } = renderCard();
    fireEvent.change(screen.getByTestId('blank-4-1'), { target: { value: '北' } });
    fireEvent.change(screen.getByTestId('blank-4-1'), { target: { value: '北京' } });
    // shown (and marked pending) at once, not sent yet
    expect(onAnswer).toHaveBeenLastCalledWith(['北京', ''], false);
    act(() => vi.advanceTimersByTime(TEXT_DEBOUNCE_MS - 1));
    expect(sent(onAnswer)).toEqual([]);
    act(() => vi.advanceTimersByTime(1));
    expect(sent(onAnswer)).toEqual([['北京', '']]);
    // typing again restarts the pause
    fireEvent.change(screen.getByTestId('blank-4-2'), { target: { value: '1949' } });
    act(() => vi.advanceTimersByTime(400));
    fireEvent.change(screen.getByTestId('blank-4-2'), { target: { value: '19490' } });
    act(() => vi.advanceTimersByTime(400));
    expect(sent(onAnswer)).toHaveLength(1);
    act(() => vi.advanceTimersByTime(300));
    expect(sent(onAnswer)).toEqual([
      ['北京', ''],
      ['北京', '19490'],
    ]);
  });

  it('are sent at once on leaving the field, on pagehide and when the card goes away', () => {
    const { onAnswer, unmount } = renderCard();
    fireEvent.change(screen.getByTestId('blank-4-1'), { target: { value: '北京' } });
    fireEvent.blur(screen.getByTestId('blank-4-1'));
    expect(sent(onAnswer)).toEqual([['北京', '']]);
    fireEvent.change(screen.getByTestId('blank-4-2'), { target: { value: '1949' } });
    window.dispatchEvent(new Event('pagehide'));
    expect(sent(onAnswer)).toHaveLength(2);
    fireEvent.change(screen.getByTestId('blank-4-2'), { target: { value: '1950' } });
    unmount();
    expect(sent(onAnswer)).toEqual([
      ['北京', ''],
      ['北京', '1949'],
      ['北京', '1950'],
    ]);
    // nothing is sent twice once flushed
    act(() => vi.advanceTimersByTime(TEXT_DEBOUNCE_MS * 2));
    expect(sent(onAnswer)).toHaveLength(3);
  });
});

describe('answer boxes are named by their question (issue 23 item 10)', () => {
  it('each blank by the question and its number, the essay box by the question', () => {
    renderCard();
    expect(screen.getByRole('textbox', { name: '首都是（），成立于___年。 第 2 空' })).toBe(screen.getByTestId('blank-4-2'));
    render(
      <QuestionCard
        q={{ ...fillIn, qCode: 'Q5', qType: 5, qName: '<p>请简述火灾疏散要点。</p>', blankCount: 0 }}
        index={5}
        answer={undefined}
        flagged={false}
        disabled={false}
        onAnswer={vi.fn()}
        onFlag={vi.fn()}
      />,
    );
    expect(screen.getByRole('textbox', { name: '请简述火灾疏散要点。' })).toBe(screen.getByTestId('essay-5'));
  });
});
