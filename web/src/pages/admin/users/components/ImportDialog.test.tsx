import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AdminMsg, type ImportJobView } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../../api/request';
import { fail, type MockApi, mockApi, ok } from '../../../../test/mockApi';
import { renderWithApp } from '../../../../test/renderApp';
import { toasts } from '../../../../test/toasts';
import { ImportDialog } from './ImportDialog';

const U = '/Api/User/user_user';
let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi().on('/Api/upload/Upload/UploadZFileByFormTemporarily', ok({ url: 'tmp/import/a.xlsx', name: 'a.xlsx' }));
});
afterEach(() => vi.restoreAllMocks());

function renderDialog() {
  const onImported = vi.fn();
  renderWithApp(<ImportDialog open onClose={() => {}} onImported={onImported} />);
  fireEvent.change(document.querySelector('input[type=file]') as HTMLInputElement, {
    target: { files: [new File(['x'], 'users.xlsx')] },
  });
  return onImported;
}

const resultText = () => (screen.getByTestId('import-result') as HTMLTextAreaElement).value;
const job = (v: Partial<ImportJobView>): ImportJobView => ({ status: 'waiting', progress: 0, added: 0, updated: 0, error: '', ...v });

describe('ImportDialog', () => {
  it('shows the counts of a small import at once and refreshes the list', async () => {
    api.on(`${U}/SaveExportIn`, ok({ added: 3, updated: 1 }, AdminMsg.importDone(3, 1)));
    const onImported = renderDialog();
    fireEvent.click(await screen.findByTestId('import-submit'));
    await waitFor(() => expect(resultText()).toBe(AdminMsg.importDone(3, 1)));
    expect(onImported).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toasts()).toEqual([AdminMsg.imported]));
    expect(screen.queryByTestId('import-progress')).toBeNull();
    expect(api.calls.some((c) => c.url.endsWith('/GetImportJob'))).toBe(false);
  });

  it('follows a large import’s job with a progress bar until it is done, then shows the same summary', async () => {
    const answers = [job({ status: 'running', progress: 60 }), job({ status: 'done', progress: 100, added: 800, updated: 2 })];
    api
      .on(`${U}/SaveExportIn`, ok({ jobId: 42, rows: 802 }, AdminMsg.importStarted(802)))
      .on(`${U}/GetImportJob`, () => ok(answers.shift()));
    const onImported = renderDialog();
    fireEvent.click(await screen.findByTestId('import-submit'));
    await waitFor(() => expect(resultText()).toBe(AdminMsg.importStarted(802)));
    expect(await screen.findByTestId('import-progress')).toBeInTheDocument();
    expect(onImported).not.toHaveBeenCalled();
    await waitFor(() => expect(screen.getByTestId('import-progress')).toHaveTextContent('60%'), { timeout: 3000 });
    await waitFor(() => expect(resultText()).toBe(AdminMsg.importDone(800, 2)), { timeout: 3000 });
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(screen.queryByTestId('import-progress')).toBeNull();
    expect(api.calls.filter((c) => c.url.endsWith('/GetImportJob')).map((c) => c.body)).toEqual([{ jobId: 42 }, { jobId: 42 }]);
  });

  it('shows why a large import’s job failed and leaves the list alone', async () => {
    api
      .on(`${U}/SaveExportIn`, ok({ jobId: 43, rows: 900 }, AdminMsg.importStarted(900)))
      .on(`${U}/GetImportJob`, ok(job({ status: 'failed', progress: 60, error: '第7行，手机号：已被本公司其他学员使用' })));
    const onImported = renderDialog();
    fireEvent.click(await screen.findByTestId('import-submit'));
    await waitFor(() => expect(resultText()).toBe('第7行，手机号：已被本公司其他学员使用'), { timeout: 3000 });
    await waitFor(() => expect(toasts()).toEqual(['第7行，手机号：已被本公司其他学员使用']));
    expect(onImported).not.toHaveBeenCalled();
    expect(screen.queryByTestId('import-progress')).toBeNull();
  });

  it('a refused import (a silent call) shows its first line once and keeps the whole reason in the result', async () => {
    api.on(`${U}/SaveExportIn`, fail('第2行，手机号：格式有误\n第3行，姓名：不能为空'));
    const onImported = renderDialog();
    fireEvent.click(await screen.findByTestId('import-submit'));
    await waitFor(() => expect(resultText()).toBe('第2行，手机号：格式有误\n第3行，姓名：不能为空'));
    await waitFor(() => expect(toasts()).toEqual(['第2行，手机号：格式有误']));
    await waitFor(() => expect(screen.getByTestId('import-submit')).not.toHaveClass('ant-btn-loading'));
    expect(onImported).not.toHaveBeenCalled();
    expect(screen.getByTestId('import-dialog')).toBeInTheDocument();
  });

  it('a refused upload is shown once (by the request wrapper), not again by the dialog', async () => {
    api.on('/Api/upload/Upload/UploadZFileByFormTemporarily', fail('文件过大'));
    const onImported = renderDialog();
    fireEvent.click(await screen.findByTestId('import-submit'));
    await waitFor(() => expect(resultText()).toBe('文件过大'));
    await waitFor(() => expect(toasts()).toEqual(['文件过大']));
    expect(api.calls.some((c) => c.url.endsWith('/SaveExportIn'))).toBe(false);
    expect(onImported).not.toHaveBeenCalled();
  });
});
