import { type AccountChoice, accountApi } from '@xuetu/contract';
import { lazy, type ReactNode, Suspense, useCallback, useState } from 'react';
import { call } from '../../api/client';
import { useSession } from '../../app/store/session';

// the chooser (antd Modal, Radio) only when several accounts matched (issue 15 budget)
const AccountChooser = lazy(() => import('./components/AccountChooser').then((m) => ({ default: m.AccountChooser })));

/**
 * Finishes a sign-in that answered accounts with secrets (LoginStep1, phone code, OHR): one
 * account goes straight to LoginStep2, several open the chooser.
 */
export function useAccountLogin(onLoggedIn: () => void): { finish(choices: AccountChoice[]): Promise<void>; chooser: ReactNode } {
  const acceptToken = useSession((s) => s.acceptToken);
  const [choices, setChoices] = useState<AccountChoice[] | null>(null);
  // mounted from the first opening on, so that closing still animates
  const [wanted, setWanted] = useState(false);
  if (choices && !wanted) setWanted(true);

  const complete = useCallback(
    async (secret: string) => {
      const result = await call(accountApi.loginStep2, undefined, { params: { secret } });
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

  const chooser = wanted ? (
    <Suspense fallback={null}>
      <AccountChooser choices={choices} onChoose={complete} onCancel={() => setChoices(null)} />
    </Suspense>
  ) : null;
  return { finish, chooser };
}
