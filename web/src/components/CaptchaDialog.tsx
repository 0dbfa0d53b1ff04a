import type {} from 'altcha/types/react';
import { Modal, Typography } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { CAPTCHA_TITLE } from './Captcha';

// The captcha dialog (antd Modal, the ALTCHA widget): its own chunk, fetched the first time a
// form asks for a captcha (issue 15 budget).

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

export default function CaptchaDialog({
  challengeUrl,
  onVerified,
  onCancel,
}: {
  challengeUrl: string | null;
  onVerified(payload: string): void;
  onCancel(): void;
}) {
  return (
    <Modal title={CAPTCHA_TITLE} open={challengeUrl !== null} footer={null} width={360} destroyOnHidden onCancel={onCancel}>
      <Typography.Paragraph type="secondary">为保障账号安全，请完成人机验证</Typography.Paragraph>
      {challengeUrl && <AltchaBox challengeUrl={challengeUrl} onVerified={onVerified} />}
    </Modal>
  );
}
