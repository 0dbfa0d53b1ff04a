import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PROJECT_BASE, type ProjectEnrolmentView, type ProjectView, SysRole } from '@xuetu/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../../api/request';
import { useSession } from '../../../app/store/session';
import { fail, type MockApi, mockApi, ok } from '../../../test/mockApi';
import { renderWithApp } from '../../../test/renderApp';
import { toasts } from '../../../test/toasts';
import { EnrolmentDrawer } from './EnrolmentDrawer';

const project = { projectCode: 'P1', projectName: '三类人员培训', isThreeSafety: 1 } as ProjectView;
const learner = {
  userId: 7,
  accountCode: 'u7',
  chnName: '学员七',
  orgName: '市场部',
  planCode: '',
  planName: '',
  joinTime: '2030-03-01 08:00:00',
  getHrs: 1,
  reachState: 0,
  reachProgress: 50,
  lastStudyDate: '2030-03-02',
  certType: '',
  certNo: 'A-1',
  certValidFrom: '',
  certValidTo: '',
} as ProjectEnrolmentView;

let api: MockApi;
let certNo: string;
beforeEach(() => {
  resetRequestState();
  certNo = 'A-1';
  useSession.setState({ sysRoles: [SysRole.CompanyAdmin], actions: ['Project.Edit'] });
  api = mockApi()
    .on(`${PROJECT_BASE}/GetEnrolments`, () => ok({ models: [{ ...learner, certNo }], totalCount: 1 }))
    .on(`${PROJECT_BASE}/SavePrjusrattr`, (_c: unknown, body: { certNo: string }) => {
      certNo = body.certNo;
      return ok(null);
    });
});
afterEach(() => vi.restoreAllMocks());

const renderDrawer = () => renderWithApp(<EnrolmentDrawer project={project} onClose={vi.fn()} />);

async function editCertNo(value: string) {
  const row = (await screen.findByText('学员七')).closest('tr') as HTMLElement;
  fireEvent.click(within(row).getByRole('button', { name: '证书信息' }));
  const dialog = (await screen.findByText('证书信息：学员七')).closest('.ant-modal') as HTMLElement;
  const input = within(dialog).getByLabelText('证书编号');
  await waitFor(() => expect(input).toHaveValue('A-1'));
  fireEvent.change(input, { target: { value } });
  fireEvent.click(within(dialog).getByRole('button', { name: /确\s*定|OK/ }));
  return dialog;
}

describe('EnrolmentDrawer certificate attributes', () => {
  it('saves a learner’s certificate, says so, closes the dialog and shows the new value', async () => {
    renderDrawer();
    await editCertNo('B-2');
    await waitFor(() => expect(toasts()).toEqual(['保存成功']));
    expect(api.calls.find((c) => c.url.endsWith('/SavePrjusrattr'))?.body).toEqual({
      projectCode: 'P1',
      userId: 7,
      certType: '',
      certNo: 'B-2',
      certValidFrom: '',
      certValidTo: '',
    });
    await waitFor(() => expect(screen.queryByText('证书信息：学员七')).toBeNull());
    // the list is asked again and shows what was stored
    await waitFor(() => expect((screen.getByText('学员七').closest('tr') as HTMLElement).textContent).toContain('B-2'));
  });

  it('a refused save shows the reason once and keeps the dialog open with what was typed', async () => {
    api.on(`${PROJECT_BASE}/SavePrjusrattr`, fail('证书编号过长'));
    renderDrawer();
    const dialog = await editCertNo('C-3');
    await waitFor(() => expect(toasts()).toEqual(['证书编号过长']));
    expect(screen.getByText('证书信息：学员七')).toBeVisible();
    expect(within(dialog).getByLabelText('证书编号')).toHaveValue('C-3');
    expect(api.calls.filter((c) => c.url.endsWith('/GetEnrolments'))).toHaveLength(1);
  });
});
