import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { EXAM_BASE } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../../api/request';
import { fail, type MockApi, mockApi, ok, RawResponse } from '../../../../test/mockApi';
import { renderWithApp } from '../../../../test/renderApp';
import { toasts } from '../../../../test/toasts';
import { QuestionImportDialog } from './QuestionImportDialog';

const Q = `${EXAM_BASE}/ex_question`;
const UPLOAD = '/Api/upload/Upload/UploadZFileByFormTemporarily';
const rowError = { row: 3, column: '答案', message: '单选题只能有一个答案' };

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi().on(UPLOAD, ok({ url: 'tmp/import/q.xlsx', name: 'q.xlsx' }));
});
afterEach(() => vi.restoreAllMocks());

function renderDialog() {
  const onImported = vi.fn();
  renderWithApp(<QuestionImportDialog open tree={[]} defaultDir="" company="C1" onClose={vi.fn()} onImported={onImported} />);
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
    target: { files: [new File(['x'], 'questions.xlsx')] },
  });
  return onImported;
}

const result = () => screen.getByTestId('question-import-result');

describe('QuestionImportDialog', () => {
  it('lists the rows at fault of a check, then imports the same upload, says so and refreshes the list', async () => {
    api
      .on(`${Q}/ImportCheck`, ok({ rows: 5, errors: [rowError] }, '数据检查未通过'))
      .on(`${Q}/Import`, ok({ count: 5 }, '成功导入 5 道试题'));
    const onImported = renderDialog();
    fireEvent.click(await screen.findByTestId('question-import-check'));
    await waitFor(() => expect(within(result()).getByText('单选题只能有一个答案')).toBeInTheDocument());
    expect(result()).toHaveTextContent('数据检查未通过');
    expect(toasts()).toEqual([]);

    fireEvent.click(screen.getByTestId('question-import-run'));
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    await waitFor(() => expect(toasts()).toEqual(['成功导入 5 道试题']));
    expect(result()).toHaveTextContent('成功导入 5 道试题');
    expect(api.calls.find((c) => c.url.endsWith('/ex_question/Import'))?.body).toEqual({
      urls: ['tmp/import/q.xlsx'],
      dirCode: '',
      companySysCode: 'C1',
    });
    // the file went up once, for both calls
    expect(api.calls.filter((c) => c.url === UPLOAD)).toHaveLength(1);
  });

  it('a refused import keeps its reason and rows on screen, shown once (the call is silent), and refreshes nothing', async () => {
    api.on(`${Q}/Import`, () => ({ success: false, msg: '导入失败：第3行有误', data: { rows: 5, errors: [rowError] }, errorCode: 0 }));
    const onImported = renderDialog();
    fireEvent.click(await screen.findByTestId('question-import-run'));
    await waitFor(() => expect(within(result()).getByText('单选题只能有一个答案')).toBeInTheDocument());
    expect(result()).toHaveTextContent('导入失败：第3行有误');
    await waitFor(() => expect(screen.getByTestId('question-import-run')).not.toHaveClass('ant-btn-loading'));
    expect(toasts()).toEqual([]);
    expect(onImported).not.toHaveBeenCalled();
  });

  it('a refused check is toasted once by the request wrapper and kept in the result', async () => {
    api.on(`${Q}/ImportCheck`, fail('文件不是试题导入模板'));
    renderDialog();
    fireEvent.click(await screen.findByTestId('question-import-check'));
    await waitFor(() => expect(toasts()).toEqual(['文件不是试题导入模板']));
    expect(result()).toHaveTextContent('文件不是试题导入模板');
  });

  it('after a check with refused rows: 下载未通过的行 saves them, 导入有效的 N 行 imports only the valid ones', async () => {
    const saved: string[] = [];
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    const refusedRow = { row: 5, column: '答案', message: '判断题答案请填 对 或 错' };
    api
      .on(`${Q}/ImportCheck`, ok({ rows: 5, valid: 3, errors: [rowError, refusedRow] }, '共 5 行数据，2 行有错误，3 行可以导入'))
      .on(
        `${Q}/ImportRefused`,
        new RawResponse(new Blob(['xlsx']), {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''${encodeURIComponent('未通过检查的试题.xlsx')}`,
        }),
      )
      .on(`${Q}/Import`, ok({ count: 3, skipped: 2 }, '导入成功，共 3 道试题，未导入 2 行未通过检查的数据'));
    const onImported = renderDialog();
    fireEvent.click(await screen.findByTestId('question-import-check'));
    await waitFor(() => expect(within(result()).getByText('判断题答案请填 对 或 错')).toBeInTheDocument());
    expect(screen.getByTestId('question-import-valid')).toHaveTextContent('导入有效的 3 行');

    fireEvent.click(screen.getByTestId('question-import-refused'));
    await waitFor(() => expect(saved).toEqual(['未通过检查的试题.xlsx']));
    const body = { urls: ['tmp/import/q.xlsx'], dirCode: '', companySysCode: 'C1' };
    expect(api.calls.find((c) => c.url.endsWith('/ImportRefused'))?.body).toEqual(body);
    expect(onImported).not.toHaveBeenCalled();

    fireEvent.click(screen.getByTestId('question-import-valid'));
    await waitFor(() => expect(onImported).toHaveBeenCalledTimes(1));
    expect(api.calls.find((c) => c.url.endsWith('/ex_question/Import'))?.body).toEqual({ ...body, skipInvalid: true });
    expect(result()).toHaveTextContent('导入成功，共 3 道试题，未导入 2 行未通过检查的数据');
    expect(screen.queryByTestId('question-import-valid')).toBeNull();
    expect(screen.queryByTestId('question-import-refused')).toBeNull();
    expect(api.calls.filter((c) => c.url === UPLOAD)).toHaveLength(1);
  });

  it('when no row passed there is nothing to import: only 下载未通过的行 is offered', async () => {
    api.on(`${Q}/ImportCheck`, ok({ rows: 1, valid: 0, errors: [rowError] }, '共 1 行数据，1 行有错误'));
    renderDialog();
    fireEvent.click(await screen.findByTestId('question-import-check'));
    await waitFor(() => expect(screen.getByTestId('question-import-refused')).toBeInTheDocument());
    expect(screen.queryByTestId('question-import-valid')).toBeNull();
  });
  it('a question bank file: lists the questions 导入 will skip and the directories it creates, without the workbook-only download', async () => {
    api.on(
      `${Q}/ImportCheck`,
      ok(
        {
          format: 'gift',
          rows: 4,
          valid: 3,
          errors: [],
          refused: [{ index: 4, name: '城市连线', reason: '匹配题：题库没有对应的题型' }],
          newDirs: ['消防知识'],
        },
        'GIFT（.gift / .txt）：共 4 道试题，3 道可以导入，1 道题型不支持将跳过',
      ),
    );
    renderDialog();
    fireEvent.click(await screen.findByTestId('question-import-check'));
    const skipped = await screen.findByTestId('question-import-skipped');
    expect(skipped).toHaveTextContent('以下 1 道试题的题型本系统不支持，导入时将跳过');
    expect(within(skipped).getByText('城市连线')).toBeInTheDocument();
    expect(within(skipped).getByText('匹配题：题库没有对应的题型')).toBeInTheDocument();
    expect(screen.getByTestId('question-import-newdirs')).toHaveTextContent('消防知识');
    expect(screen.queryByTestId('question-import-refused')).toBeNull();
    // every format is offered with its line
    expect(screen.getByTestId('question-import-formats')).toHaveTextContent('Aiken（.txt）：只含单选题的简单文本格式');
  });

  it('issue 38 item 13: a syntax error is not called an unsupported type, and a narrowed numerical answer is listed', async () => {
    const braces = 'GIFT 格式错误（第 2 行起的试题）：答案的花括号 { } 不成对，无法读取答案';
    const narrowed = '数值题「3±2」按填空题导入，只接受答案 3（题库没有数值题型，误差范围未保留）';
    api.on(
      `${Q}/ImportCheck`,
      ok(
        {
          format: 'gift',
          rows: 3,
          valid: 2,
          errors: [],
          refused: [{ index: 1, name: '第一题', reason: braces, unreadable: true }],
          narrowed: [{ index: 3, name: '误差', reason: narrowed }],
        },
        'GIFT（.gift / .txt）：共 3 道试题，2 道可以导入，1 道格式有误将跳过，1 道数值题按填空题导入（误差范围未保留）',
      ),
    );
    renderDialog();
    fireEvent.click(await screen.findByTestId('question-import-check'));
    const skipped = await screen.findByTestId('question-import-skipped');
    expect(skipped).toHaveTextContent('以下 1 道试题无法导入（题型不支持或格式有误），导入时将跳过');
    expect(within(skipped).getByText(braces)).toBeInTheDocument();
    const note = screen.getByTestId('question-import-narrowed');
    expect(note).toHaveTextContent('以下 1 道试题将按填空题导入，但只接受文件给出的准确答案');
    expect(within(note).getByText(narrowed)).toBeInTheDocument();
  });
});
