import type { AccountChoice } from '@xuetu/contract';
import { Msg } from '@xuetu/contract';
import { Modal, Radio, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { feedback } from '../../../app/feedback';

export const AUTHORIZING_TEXT = '授权中，请选择要登录的账号…';
export const CHOOSER_TITLE = '选择登录账号';

/** Several accounts matched: pick one (spec: choosing none → 请选择登录用户). */
export function AccountChooser({
  choices,
  onChoose,
  onCancel,
}: {
  choices: AccountChoice[] | null;
  onChoose(secret: string): Promise<void>;
  onCancel(): void;
}) {
  const [chosen, setChosen] = useState<string | undefined>();
  const [loading, setLoading] = useState(false);
  useEffect(() => {
    if (choices) setChosen(undefined);
  }, [choices]);

  const ok = async () => {
    if (!chosen) {
      feedback.warning(Msg.selectLoginUser);
      return;
    }
    setLoading(true);
    try {
      await onChoose(chosen);
    } catch {
      // shown by the request wrapper
    } finally {
      setLoading(false);
    }
  };

  return (
    <Modal
      title={CHOOSER_TITLE}
      open={choices !== null}
      onOk={ok}
      onCancel={onCancel}
      okText="登录"
      confirmLoading={loading}
      destroyOnHidden
      width={440}
    >
      {!chosen && (
        <Typography.Paragraph type="secondary" data-testid="chooser-authorizing">
          {AUTHORIZING_TEXT}
        </Typography.Paragraph>
      )}
      <Radio.Group value={chosen} onChange={(e) => setChosen(e.target.value)} data-testid="account-chooser">
        <Space direction="vertical">
          {(choices ?? []).map((c) => (
            <Radio key={c.item2} value={c.item2}>
              {c.item1}
            </Radio>
          ))}
        </Space>
      </Radio.Group>
    </Modal>
  );
}
