import { Button, type ButtonProps } from 'antd';
import { useEffect, useRef, useState } from 'react';

export const SEND_CODE_TEXT = '获取验证码';
export const countdownText = (n: number) => `${n}秒后重新获取`;

interface Props extends Omit<ButtonProps, 'onClick' | 'loading'> {
  /** countdown length in seconds (spec §9: 60 or 120) */
  seconds: number;
  /** sends the code; resolve true to start the countdown */
  onSend(): Promise<boolean>;
  idleText?: string;
  /** start counting at mount (the code was just sent by the step before) */
  autoStart?: boolean;
}

/** Send-code button: idle, then a seconds countdown (disabled while it runs), then idle again. */
export function CountdownButton({ seconds, onSend, idleText = SEND_CODE_TEXT, autoStart, disabled, ...rest }: Props) {
  const [left, setLeft] = useState(0);
  const [sending, setSending] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval> | null>(null);

  useEffect(
    () => () => {
      if (timer.current) clearInterval(timer.current);
    },
    [],
  );

  const start = () => {
    setLeft(seconds);
    timer.current = setInterval(() => {
      setLeft((n) => {
        if (n <= 1) {
          if (timer.current) clearInterval(timer.current);
          timer.current = null;
          return 0;
        }
        return n - 1;
      });
    }, 1000);
  };

  // biome-ignore lint/correctness/useExhaustiveDependencies: once, at mount
  useEffect(() => {
    if (autoStart) start();
  }, []);

  const click = async () => {
    if (left > 0 || sending) return;
    setSending(true);
    try {
      if (await onSend()) start();
    } catch {
      // the request wrapper has shown the server's message
    } finally {
      setSending(false);
    }
  };

  return (
    <Button
      {...rest}
      disabled={disabled || left > 0}
      loading={sending}
      onClick={click}
      data-testid={((rest as Record<string, unknown>)['data-testid'] as string | undefined) ?? 'send-code'}
    >
      {left > 0 ? countdownText(left) : idleText}
    </Button>
  );
}
