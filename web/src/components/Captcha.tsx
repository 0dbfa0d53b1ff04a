// ALTCHA proof-of-work captcha (DESIGN.md §4). `useCaptcha()` gives `run()`, which resolves with
// { ret: 0, ticket, randstr } once the widget has verified (ret 2 when the user closes it), and a
// holder to render. With CAPTCHA_PROVIDER=none it passes at once without showing anything.

import type {} from 'altcha/types/react';
import { Modal, Typography } from 'antd';
import { type ReactNode, useCallback, useEffect, useRef, useState } from 'react';
import { getCaptchaConfig } from '../api/account';

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

function AltchaBox({ challengeUrl, onVerified }: { challengeUrl: string; onVerified(payload: string): void }) {
  const ref = useRef<HTMLElement>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let alive = true;
    void import('altcha').then(() => import(/* zh-cn texts */ 'altcha/i18n/zh-cn' as string)).then(() => alive && setReady(true));
    return () => {
      alive = false;
    };
  }, []);
  useEffect(() => {
    const el = ref.current;
    if (!ready || !el) return;
    const onState = (e: Event) => {
      const detail = (e as CustomEvent<{ state: string; payload?: string }>).detail;
      if (detail?.state === 'verified' && detail.payload) onVerified(detail.payload);
    };
    el.addEventListener('statechange', onState);
    return () => el.removeEventListener('statechange', onState);
  }, [ready, onVerified]);
  if (!ready) return <Typography.Text type="secondary">加载中…</Typography.Text>;
  return (
    <div data-testid="captcha-widget">
      <altcha-widget ref={ref} challenge={challengeUrl} auto="onload" language="zh-cn" configuration='{"hideFooter":true}' />
    </div>
  );
}

export function useCaptcha(): { run(): Promise<CaptchaResult>; holder: ReactNode } {
  const [state, setState] = useState<{ challengeUrl: string } | null>(null);
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

  const holder = (
    <Modal
      title={CAPTCHA_TITLE}
      open={state !== null}
      footer={null}
      width={360}
      destroyOnHidden
      onCancel={() => finish({ ret: 2, ticket: '', randstr: '' })}
    >
      <Typography.Paragraph type="secondary">为保障账号安全，请完成人机验证</Typography.Paragraph>
      {state && <AltchaBox challengeUrl={state.challengeUrl} onVerified={onVerified} />}
    </Modal>
  );
  return { run, holder };
}
