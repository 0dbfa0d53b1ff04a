import { fireEvent, screen, waitFor } from '@testing-library/react';
import { EXAM_BASE, type ExamDetail } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { signInCompanyAdmin } from '../../../../test/companyAdmin';
import { fail, type MockApi, mockApi, ok } from '../../../../test/mockApi';
import { renderWithApp } from '../../../../test/renderApp';
import { toasts } from '../../../../test/toasts';
import { ExamEditor } from './ExamEditor';

const E = `${EXAM_BASE}/ex_exam`;
const stored = {
  examCode: 'E1',
  examName: '消防考试',
  examIntrduce: '',
  paperCode: 'PA1',
  time: 45,
  examStartTime: '2030-05-01 09:00:00',
  examEndTime: '2030-05-08 18:00:00',
  passScore: 60,
  isAllow: 0,
  isAllowCount: 1,
  isAllowedViewAnswer: 1,
  isConfidential: 0,
  isShuffleQuestion: 0,
  isShuffleOption: 0,
  mustCompleteBeforeStudy: 0,
  isPartialCredit: 0,
  projectCode: '',
  status: 0,
  attemptCount: 0,
  participants: { users: [{ id: 7, name: '学员七' }], orgs: [], posts: [] },
} as unknown as ExamDetail;

let api: MockApi;
beforeEach(() => {
  signInCompanyAdmin('Exam.Edit');
  api = mockApi()
    .on(`${E}/GetData`, ok(stored))
    .on(`${E}/UpdateData`, ok(null))
    .on(`${EXAM_BASE}/ex_paper/GetPageList`, ok({ models: [{ paperCode: 'PA1', paperName: '消防试卷' }], totalCount: 1 }))
    .on('/Api/Project_Manage/project_project/GetPageList', ok({ models: [], totalCount: 0 }));
});
afterEach(() => vi.restoreAllMocks());

function renderEditor() {
  const onSaved = vi.fn();
  renderWithApp(<ExamEditor open examCode="E1" company="C1" onClose={vi.fn()} onSaved={onSaved} />);
  return onSaved;
}

const nameInput = () => screen.getByDisplayValue('消防考试');

describe('ExamEditor', () => {
  it('saves a stored exam with its settings and participants and says 保存成功', async () => {
    const onSaved = renderEditor();
    await waitFor(() => nameInput());
    fireEvent.change(nameInput(), { target: { value: '消防考试（补考）' } });
    fireEvent.click(screen.getByTestId('exam-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toasts()).toEqual(['保存成功']));
    expect(api.calls.find((c) => c.url.endsWith('/UpdateData'))?.body).toMatchObject({
      examCode: 'E1',
      examName: '消防考试（补考）',
      paperCode: 'PA1',
      time: 45,
      examStartTime: '2030-05-01 09:00:00',
      examEndTime: '2030-05-08 18:00:00',
      // the older flag alone (1) reads as the safe rule
      answerReview: 'afterLast',
      isShuffleQuestion: 0,
      participants: { users: [7], orgs: [], posts: [] },
      companySysCode: 'C1',
    });
  });

  it('offers the four moments to show answers with a help text, and warns when learners could retake with the key', async () => {
    api.on(`${E}/GetData`, ok({ ...stored, answerReview: 'afterClose' }));
    const onSaved = renderEditor();
    await waitFor(() => nameInput());
    const group = screen.getByTestId('exam-answer-review');
    for (const label of ['每次交卷后', '用完全部考试机会后', '考试结束后', '不公布答案']) expect(group).toHaveTextContent(label);
    expect(screen.getByText(/何时能看到参考答案和解析/)).toBeInTheDocument();
    expect(screen.getByLabelText('考试结束后')).toBeChecked();
    expect(screen.queryByTestId('exam-answer-review-warning')).toBeNull();
    fireEvent.click(screen.getByLabelText('每次交卷后'));
    expect(await screen.findByTestId('exam-answer-review-warning')).toHaveTextContent('可以看着答案重考');
    fireEvent.click(screen.getByTestId('exam-save'));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.url.endsWith('/UpdateData'))?.body).toMatchObject({ answerReview: 'afterEach' });
  });

  it('a refused save shows the reason once and keeps the drawer open', async () => {
    api.on(`${E}/UpdateData`, fail('考试已开始，不能修改试卷'));
    const onSaved = renderEditor();
    await waitFor(() => nameInput());
    fireEvent.click(screen.getByTestId('exam-save'));
    await waitFor(() => expect(toasts()).toEqual(['考试已开始，不能修改试卷']));
    await waitFor(() => expect(screen.getByTestId('exam-save')).not.toHaveClass('ant-btn-loading'));
    expect(onSaved).not.toHaveBeenCalled();
    expect(nameInput()).toBeInTheDocument();
  });

  it('once a learner has begun, the paper, time, scoring, shuffle and leave monitoring are locked; the name and options stay editable', async () => {
    api.on(`${E}/GetData`, ok({ ...stored, attemptCount: 3, leaveLimit: 2, requireFullScreen: 1 }));
    renderEditor();
    await waitFor(() => nameInput());
    expect(screen.getByTestId('exam-locked')).toHaveTextContent('离开页面监控不能再修改');
    expect(screen.getByTestId('exam-leave-limit')).toBeDisabled();
    for (const label of ['试题乱序', '选项乱序', '多选题少选得部分分', '要求全屏作答']) expect(screen.getByLabelText(label)).toBeDisabled();
    for (const label of ['成绩保密（学员看不到分数）', '完成后才能学习']) expect(screen.getByLabelText(label)).toBeEnabled();
    expect(nameInput()).toBeEnabled();
  });

  it('before anyone begins, the leave limit and every option can change', async () => {
    renderEditor();
    await waitFor(() => nameInput());
    expect(screen.queryByTestId('exam-locked')).toBeNull();
    expect(screen.getByTestId('exam-leave-limit')).toBeEnabled();
    expect(screen.getByLabelText('要求全屏作答')).toBeEnabled();
  });

  it('an empty name is not sent', async () => {
    const onSaved = renderEditor();
    await waitFor(() => nameInput());
    fireEvent.change(nameInput(), { target: { value: '' } });
    fireEvent.click(screen.getByTestId('exam-save'));
    expect(await screen.findByText('请输入考试名称')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.endsWith('/UpdateData'))).toBe(false);
    expect(onSaved).not.toHaveBeenCalled();
  });
});
