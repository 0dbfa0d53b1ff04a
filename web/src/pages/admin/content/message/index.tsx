import { TeamOutlined } from '@ant-design/icons';
import { ContentLimits, ContentMsg, messageApi, SITE_OR_HTTP_URL } from '@xuetu/contract';
import { App, Button, Card, Form, Input, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { call } from '../../../../api/client';
import { useAppMutation } from '../../../../app/useAppMutation';
import { ParticipantSelect, type ParticipantSelection } from '../../../../components/ParticipantSelect';
import { SelectedTags } from '../../../../components/ParticipantSelect/SelectedTags';
import { addUnique } from '../../../../components/ParticipantSelect/types';
import { RequiredText } from '../../formParts';

interface SendForm {
  title: string;
  content: string;
  link: string;
}

const NONE: ParticipantSelection = { users: [], orgs: [], posts: [] };

/** Picks of a new dialog round join the ones already chosen on the page. */
const merge = (a: ParticipantSelection, b: ParticipantSelection): ParticipantSelection => ({
  users: addUnique(a.users, b.users, (u) => u.userId),
  orgs: addUnique(a.orgs, b.orgs, (o) => o.id),
  posts: addUnique(a.posts, b.posts, (p) => p.postCode),
});

/**
 * Administrators send a message to people they pick in the participant dialog (学员查询: people,
 * whole departments, posts, or a spreadsheet) — the page's one way to choose receivers.
 */
export default function MessageSendPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<SendForm>();
  const [receivers, setReceivers] = useState<ParticipantSelection>(NONE);
  const [picking, setPicking] = useState(false);
  const count = receivers.users.length + receivers.orgs.length + receivers.posts.length;
  const send = useAppMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      return call(messageApi.sendMessage, {
        ...v,
        userIds: receivers.users.map((u) => u.userId),
        orgIds: receivers.orgs.map((o) => o.id),
        postIds: receivers.posts.map((p) => p.id),
      });
    },
    success: (n) => `发送成功，共 ${n} 人`,
    onSuccess: () => {
      form.resetFields();
      setReceivers(NONE);
    },
  });
  return (
    <Card variant="borderless" title="消息发送" data-testid="message-send">
      <Form form={form} layout="vertical" style={{ maxWidth: 720 }} initialValues={{ title: '', content: '', link: '' }}>
        <RequiredText name="title" label="消息标题" max={ContentLimits.titleMax} showCount testId="message-title" />
        <Form.Item name="content" label="消息内容">
          <Input.TextArea maxLength={ContentLimits.messageMax} autoSize={{ minRows: 3 }} data-testid="message-content" />
        </Form.Item>
        <Form.Item
          name="link"
          label="打开后跳转"
          extra="站内路径（如 /project/mystudy）在系统内打开；http(s) 链接在新窗口打开；可留空"
          rules={[{ pattern: SITE_OR_HTTP_URL, message: '请输入以 http:// 或 https:// 开头的链接地址' }]}
        >
          <Input placeholder="/ydmessage/index" data-testid="message-link" />
        </Form.Item>
      </Form>
      <div style={{ margin: '8px 0 12px' }} data-testid="message-receivers">
        <Space style={{ marginBottom: 8 }}>
          <strong>接收人：</strong>
          <Button icon={<TeamOutlined />} onClick={() => setPicking(true)} data-testid="open-participant-select">
            学员查询
          </Button>
          {count > 0 && (
            <Button type="link" onClick={() => setReceivers(NONE)}>
              清空
            </Button>
          )}
        </Space>
        {count > 0 ? (
          <SelectedTags value={receivers} onChange={setReceivers} />
        ) : (
          <Typography.Paragraph type="secondary">
            <Tag>未选择</Tag>可按人员、部门（含下级部门）、岗位选择，或导入表格
          </Typography.Paragraph>
        )}
      </div>
      <ParticipantSelect
        open={picking}
        onCancel={() => setPicking(false)}
        onOk={(sel) => {
          setReceivers((r) => merge(r, sel));
          setPicking(false);
        }}
      />
      <Button
        type="primary"
        onClick={() => {
          if (count === 0) return void message.warning(ContentMsg.receiversRequired);
          send.mutate();
        }}
        loading={send.isPending}
        style={{ marginTop: 16 }}
        data-testid="message-send-button"
      >
        发送
      </Button>
    </Card>
  );
}
