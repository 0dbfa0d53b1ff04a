// The tabs of the sign-in card. Add phone-code login / registration here as new entries.
import type { ReactNode } from 'react';
import { PasswordLoginForm } from './components/PasswordLoginForm';

export interface LoginTab {
  key: string;
  label: string;
  render(props: { onLoggedIn(): void }): ReactNode;
}

export const loginTabs: LoginTab[] = [
  { key: 'login', label: '账号登录', render: ({ onLoggedIn }) => <PasswordLoginForm onLoggedIn={onLoggedIn} /> },
];
