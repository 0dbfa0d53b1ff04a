import { fireEvent, screen, waitFor } from '@testing-library/react';
import { AuditStatus, type ResView, TRAIN_BASE } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { DISCARD_TITLE } from '../useConfirmDiscard';
import { ResEditor } from './ResEditor';

// Issue 38: the editor's ✕ over unsaved work asks before throwing it away (item 10), and the
// re-audit warning shows only once a change needs a new audit, by the server's rule (item 14).
const R = `${TRAIN_BASE}/Train_Res`;
const approved: ResView = {
  resCode: 'R1',
  resName: '安全生产图文',
  introduce: '',
  cover: '',
  lecturerCode: '',
  lecturerName: '',
  resType: 4,
  content: '<p>正文</p>',
  mediaId: '',
  dCode: 'D1',
  dName: '安全',
  creditHours: 1,
  duration: 0,
  isPrivate: 0,
  watermark: 0,
  isRecommend: 0,
  recommendCate: 0,
  auditStatus: AuditStatus.Approved,
  sort: 10,
  viewCnt: 0,
  companySysCode: 'C1',
  companyName: '演示公司',
  hasLiveVersion: true,
  media: null,
  lessons: [],
  createTime: '',
  updateTime: '',
};
const tree = [{ dCode: 'D1', dName: '安全', children: [] }] as never;

beforeEach(() => {
  resetRequestState();
  mockApi().on(`${R}/GetTrainRes`, ok(approved)).on('/Api/Ydxs/OpenApi/GetFPLecturerInfoList', ok([]));
});
afterEach(() => vi.restoreAllMocks());

const renderEditor = (resCode: string | null) => {
  const onClose = vi.fn();
  renderWithApp(<ResEditor open resCode={resCode} tree={tree} defaultDir="D1" company="" onClose={onClose} onSaved={vi.fn()} />);
  return onClose;
};
const closeButton = () => document.querySelector('.ant-modal-close') as HTMLElement;
const nameInput = async () => {
  const input = (await screen.findByTestId('res-editor')).querySelector('input#resName') as HTMLInputElement;
  await waitFor(() => expect(input).toBeTruthy());
  return input;
};

describe('ResEditor', () => {
  it('✕ on an untouched dialog closes it at once', async () => {
    const onClose = renderEditor(null);
    await nameInput();
    fireEvent.click(closeButton());
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(screen.queryAllByText(DISCARD_TITLE)).toHaveLength(0);
  });

  it('✕ on a dialog with unsaved work asks first; 继续编辑 keeps it, 放弃修改 closes', async () => {
    const onClose = renderEditor(null);
    fireEvent.change(await nameInput(), { target: { value: '新课程' } });
    fireEvent.click(closeButton());
    expect((await screen.findAllByText(DISCARD_TITLE)).length).toBeGreaterThan(0);
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: '继续编辑' }));
    await waitFor(() => expect(screen.queryAllByText(DISCARD_TITLE)).toHaveLength(0));
    expect(onClose).not.toHaveBeenCalled();
    expect(await nameInput()).toHaveValue('新课程');
    fireEvent.click(closeButton());
    fireEvent.click(await screen.findByRole('button', { name: '放弃修改' }));
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1));
  });

  it('an approved resource warns of the re-audit only once its content changes, not for 可见范围', async () => {
    renderEditor('R1');
    const input = await nameInput();
    await waitFor(() => expect(input).toHaveValue('安全生产图文'));
    expect(screen.queryByTestId('reaudit-warning')).toBeNull();
    fireEvent.click(screen.getByRole('switch'));
    await waitFor(() => expect(screen.getByRole('switch')).toBeChecked());
    expect(screen.queryByTestId('reaudit-warning')).toBeNull();
    fireEvent.change(input, { target: { value: '安全生产图文（第二版）' } });
    expect(await screen.findByTestId('reaudit-warning')).toBeInTheDocument();
  });
});
