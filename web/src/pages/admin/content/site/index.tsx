import {
  CONTACT_PHONE_MSG,
  CONTACT_PHONE_PATTERN,
  ContentLimits,
  contentApi,
  EMAIL_MSG,
  EMAIL_PATTERN,
  SITE_OR_HTTP_URL,
  SITE_SETTING_KEYS,
  SITE_SETTING_LABELS,
  type SiteSettingKey,
  type SiteSettings,
} from '@xuetu/contract';
import { Button, Card, Form, Input, Skeleton } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect } from 'react';
import { call } from '../../../../api/client';
import { useCall } from '../../../../api/hooks';
import { useAppMutation } from '../../../../app/useAppMutation';

// the same rules as the server's siteSettingsInput (contract)
const URL_RULE: Rule = { pattern: SITE_OR_HTTP_URL, message: '请输入以 http:// 或 https:// 开头的链接地址' };
function rulesFor(k: SiteSettingKey): Rule[] {
  if (k === 'supportEmail') return [{ pattern: EMAIL_PATTERN, message: EMAIL_MSG }];
  if (k === 'contactPhone') return [{ pattern: CONTACT_PHONE_PATTERN, message: CONTACT_PHONE_MSG }];
  return k.endsWith('Url') ? [URL_RULE] : [];
}

/** Site settings: the footer's contact details, working hours, address, links, copyright, filing number, company. */
export default function SiteSettingsPage() {
  const [form] = Form.useForm<SiteSettings>();
  const q = useCall(contentApi.getSiteSettings, {});
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = useAppMutation({
    mutationFn: async () => call(contentApi.saveSiteSettings, await form.validateFields()),
    success: '保存成功',
    // the settings and the portal's footer
    invalidate: ['content'],
  });
  return (
    <Card variant="borderless" title="站点设置" data-testid="site-settings" style={{ maxWidth: 760 }}>
      {q.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ flex: '120px' }}>
          {SITE_SETTING_KEYS.map((k) => (
            <Form.Item key={k} name={k} label={SITE_SETTING_LABELS[k]} rules={rulesFor(k)}>
              <Input maxLength={ContentLimits.shortTextMax} placeholder={k === 'workingHours' ? '工作日 09:00-17:30' : undefined} />
            </Form.Item>
          ))}
          <Form.Item label=" " colon={false}>
            <Button type="primary" onClick={() => save.mutate()} loading={save.isPending} data-testid="site-save">
              保存
            </Button>
          </Form.Item>
        </Form>
      )}
    </Card>
  );
}
