import { afterEach, describe, expect, it } from 'vitest';
import { clearDrafts, dropDraft, putDraft, readDrafts } from './drafts';

afterEach(() => localStorage.clear());

describe('answer drafts', () => {
  it('keep a keystroke synchronously, per attempt and question', () => {
    putDraft(7, 'Q1', { answer: '保持冷静', seq: 10 });
    putDraft(7, 'Q2', { answer: ['北京', '1949'], seq: 11 });
    putDraft(8, 'Q1', { answer: '另一场考试', seq: 3 });
    // what a reload finds, without waiting for anything
    expect(readDrafts(7)).toEqual({ Q1: { answer: '保持冷静', seq: 10 }, Q2: { answer: ['北京', '1949'], seq: 11 } });
    expect(readDrafts(8).Q1.answer).toBe('另一场考试');
  });

  it('leave once the journal holds that change or a newer one, never a newer keystroke', () => {
    putDraft(7, 'Q1', { answer: '保持冷静，低姿', seq: 20 });
    dropDraft(7, 'Q1', 19);
    expect(readDrafts(7).Q1.seq).toBe(20);
    dropDraft(7, 'Q1', 20);
    expect(readDrafts(7)).toEqual({});
    expect(localStorage.getItem('xuetu-exam-drafts:7')).toBeNull();
  });

  it('are forgotten with a submitted attempt, and a damaged store reads as empty', () => {
    putDraft(7, 'Q1', { answer: 'x', seq: 1 });
    clearDrafts(7);
    expect(readDrafts(7)).toEqual({});
    localStorage.setItem('xuetu-exam-drafts:9', '{not json');
    expect(readDrafts(9)).toEqual({});
  });
});
