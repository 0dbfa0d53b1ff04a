import type { AccountChoice } from '@xuetu/contract';
import { type ReactNode, useCallback, useState } from 'react';
import { loginStep2 } from '../../api/account';
import { useSession } from '../../app/store/session';
import { AccountChooser } from './components/AccountChooser';

/**
 * Finishes a sign-in that answered accounts with secrets (LoginStep1, phone code, OHR): one
 * account goes straight to LoginStep2, several open the chooser.
 */
export function useAccountLogin(onLoggedIn: () => void): { finish(choices: AccountChoice[]): Promise<void>; chooser: ReactNode } {
  const acceptToken = useSession((s) => s.acceptToken);
  const [choices, setChoices] = useState<AccountChoice[] | null>(null);

  const complete = useCallback(
    async (secret: string) => {
      const result = await loginStep2(secret);
      acceptToken(result.token);
      setChoices(null);
      // let the guard react to the token (it sends /login to /) before going to the target
      await new Promise((resolve) => setTimeout(resolve, 0));
      onLoggedIn();
    },
    [acceptToken, onLoggedIn],
  );

  const finish = useCallback(
    async (list: AccountChoice[]) => {
      if (list.length === 1) await complete(list[0].item2);
      else setChoices(list);
    },
    [complete],
  );

  const chooser = <AccountChooser choices={choices} onChoose={complete} onCancel={() => setChoices(null)} />;
  return { finish, chooser };
}
