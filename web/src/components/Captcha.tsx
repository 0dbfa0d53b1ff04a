// ALTCHA proof-of-work captcha (DESIGN.md §4). `useCaptcha()` gives `run()`, which resolves with
// { ret: 0, ticket, randstr } once the widget has verified (ret 2 when the user closes it), and a
// holder to render. With CAPTCHA_PROVIDER=none it passes at once without showing anything.

import { lazy, type ReactNode, Suspense, useCallback, useRef, useState } from 'react';
import { getCaptchaConfig } from './captchaPass';

const CaptchaDialog = lazy(() => import('./CaptchaDialog'));

export interface CaptchaResult {
  /** 0 passed; 2 closed by the user */
  ret: number;
  ticket: string;
  randstr: string;
}

export const CAPTCHA_TITLE = '安全验证';

function saltOf(payload: string): string {
  try {
    return (JSON.parse(atob(payload)) as { challenge?: { parameters?: { salt?: string } } }).challenge?.parameters?.salt ?? '';
  } catch {
    return '';
  }
}

export function useCaptcha(): { run(): Promise<CaptchaResult>; holder: ReactNode } {
  const [state, setState] = useState<{ challengeUrl: string } | null>(null);
  // mounted from the first captcha on, so that closing still animates
  const [wanted, setWanted] = useState(false);
  if (state && !wanted) setWanted(true);
  const resolver = useRef<((r: CaptchaResult) => void) | null>(null);

  const finish = useCallback((r: CaptchaResult) => {
    resolver.current?.(r);
    resolver.current = null;
    setState(null);
  }, []);

  const run = useCallback(async (): Promise<CaptchaResult> => {
    const cfg = await getCaptchaConfig();
    if (cfg.provider === 'none') return { ret: 0, ticket: '', randstr: '' };
    return new Promise<CaptchaResult>((resolve) => {
      resolver.current = resolve;
      setState({ challengeUrl: cfg.challengeUrl });
    });
  }, []);

  const onVerified = useCallback((payload: string) => finish({ ret: 0, ticket: payload, randstr: saltOf(payload) }), [finish]);

  const holder = wanted ? (
    <Suspense fallback={null}>
      <CaptchaDialog
        challengeUrl={state?.challengeUrl ?? null}
        onVerified={onVerified}
        onCancel={() => finish({ ret: 2, ticket: '', randstr: '' })}
      />
    </Suspense>
  ) : null;
  return { run, holder };
}
