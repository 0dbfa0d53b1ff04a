import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { resetRequestState } from '../../api/request';
import { useSession } from '../../app/store/session';
import { type MockApi, mockApi, ok } from '../../test/mockApi';
import { createQueryClient, Providers } from '../../test/providers';
import PasswordDialog from './PasswordDialog';

// 修改密码: the voluntary change asks for an SMS code; the forced one after an administrator's
// reset asks for the temporary password instead, never a code (issue 38 item 14).
const U = '/Api/User/user_user';
const NEW_PASSWORD = 'Fresh#Pass1';

let api: MockApi;
beforeEach(() => {
  resetRequestState();
  api = mockApi().on(`${U}/EditTemporaryPassWord`, ok(null, '修改完成')).on(`${U}/EditPassWord`, ok(null, '修改完成'));
});
afterEach(() => vi.restoreAllMocks());

function open(forced: boolean) {
  useSession.setState({ token: 'tok', mustChangePassword: forced });
  return render(
    <Providers queryClient={createQueryClient()}>
      <MemoryRouter>
        <PasswordDialog open onClose={() => {}} />
      </MemoryRouter>
    </Providers>,
  );
}

const fill = (testId: string, value: string) => fireEvent.change(screen.getByTestId(testId), { target: { value } });

describe('forced change after an administrator reset', () => {
  it('has no SMS code field: the current (temporary) password and the new one are sent, and nothing else', async () => {
    open(true);
    expect(await screen.findByTestId('pwd-current')).toBeInTheDocument();
    expect(screen.queryByTestId('pwd-code')).toBeNull();
    expect(screen.queryByText('获取验证码')).toBeNull();
    fill('pwd-current', 'Temp#Pass9');
    fill('pwd-new', NEW_PASSWORD);
    fill('pwd-confirm', NEW_PASSWORD);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(useSession.getState().token).toBeFalsy());
    const sent = api.calls.filter((c) => c.url.includes('PassWord'));
    expect(sent.map((c) => c.url)).toEqual([`${U}/EditTemporaryPassWord`]);
    expect(sent[0].body).toEqual({ oldPas: 'Temp#Pass9', pas1: NEW_PASSWORD, pas2: NEW_PASSWORD });
  });

  it('asks for the current password before sending anything', async () => {
    open(true);
    fill('pwd-new', NEW_PASSWORD);
    fill('pwd-confirm', NEW_PASSWORD);
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请输入当前密码')).toBeInTheDocument();
    expect(api.calls.some((c) => c.url.includes('PassWord'))).toBe(false);
  });
});

describe('voluntary change', () => {
  it('keeps the spec’s SMS code and has no current-password field', async () => {
    open(false);
    expect(await screen.findByTestId('pwd-code')).toBeInTheDocument();
    expect(screen.queryByTestId('pwd-current')).toBeNull();
  });
});
