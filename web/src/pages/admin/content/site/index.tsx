import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SITE_SETTING_KEYS, SITE_SETTING_LABELS, type SiteSettings } from '@xuetu/contract';
import { App, Button, Card, Form, Input, Skeleton } from 'antd';
import { useEffect } from 'react';
import { getSiteSettings, saveSiteSettings } from '../../../../api/content';

/** Site settings: the footer's contact details, working hours, address, links, copyright, filing number, company. */
export default function SiteSettingsPage() {
  const { message } = App.useApp();
  const qc = useQueryClient();
  const [form] = Form.useForm<SiteSettings>();
  const q = useQuery({ queryKey: ['content', 'site'], queryFn: getSiteSettings });
  useEffect(() => {
    if (q.data) form.setFieldsValue(q.data);
  }, [q.data, form]);
  const save = useMutation({
    mutationFn: async () => saveSiteSettings(await form.validateFields()),
    onSuccess: () => {
      message.success('保存成功');
      void qc.invalidateQueries({ queryKey: ['content', 'site'] });
      void qc.invalidateQueries({ queryKey: ['portal', 'site'] });
    },
  });
  return (
    <Card variant="borderless" title="站点设置" data-testid="site-settings" style={{ maxWidth: 760 }}>
      {q.isLoading ? (
        <Skeleton active />
      ) : (
        <Form form={form} layout="horizontal" labelCol={{ flex: '120px' }}>
          {SITE_SETTING_KEYS.map((k) => (
            <Form.Item
              key={k}
              name={k}
              label={SITE_SETTING_LABELS[k]}
              rules={
                k.endsWith('Url') ? [{ pattern: /^(https?:\/\/|\/(?!\/))/i, message: '请输入以 http:// 或 https:// 开头的链接地址' }] : []
              }
            >
              <Input maxLength={200} placeholder={k === 'workingHours' ? '工作日 09:00-17:30' : undefined} />
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
