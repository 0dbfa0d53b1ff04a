import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { Perm, type ReceiverItem } from '@xuetu/contract';
import { App, Button, Card, Form, Input, Space, Table, Tag } from 'antd';
import { useState } from 'react';
import { getReceivers, sendMessage } from '../../../../api/message';
import { Can } from '../../../../components/Can';
import { ParticipantSelect } from '../../../../components/ParticipantSelect';

interface SendForm {
  title: string;
  content: string;
  link: string;
}

/** A simple people picker: search, page, tick (own company only for company administrators). */
function ReceiverPicker({ selected, onChange }: { selected: ReceiverItem[]; onChange: (rows: ReceiverItem[]) => void }) {
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const q = useQuery({
    queryKey: ['content', 'receivers', keyword, page],
    queryFn: () => getReceivers({ keyword, pageIndex: page, pageRows: 10 }),
    placeholderData: keepPreviousData,
  });
  const ids = selected.map((s) => s.userId);
  return (
    <div data-testid="receiver-picker">
      <Input.Search
        allowClear
        placeholder="姓名 / 账号 / 手机号"
        onSearch={(v) => {
          setKeyword(v.trim());
          setPage(1);
        }}
        style={{ maxWidth: 320, marginBottom: 12 }}
        data-testid="receiver-search"
      />
      <Table<ReceiverItem>
        size="small"
        rowKey="userId"
        loading={q.isFetching}
        dataSource={q.data?.models ?? []}
        rowSelection={{
          selectedRowKeys: ids,
          preserveSelectedRowKeys: true,
          onChange: (_keys, rows) => {
            const onPage = new Set((q.data?.models ?? []).map((r) => r.userId));
            const kept = selected.filter((s) => !onPage.has(s.userId));
            onChange([...kept, ...rows.filter((r) => r && onPage.has(r.userId))]);
          },
        }}
        pagination={{
          current: page,
          pageSize: 10,
          total: q.data?.totalCount ?? 0,
          onChange: setPage,
          showSizeChanger: false,
          size: 'small',
        }}
        columns={[
          { title: '姓名', dataIndex: 'chnName' },
          { title: '账号', dataIndex: 'accountCode' },
          { title: '公司', dataIndex: 'companyName', render: (n: string) => n || '平台' },
          { title: '部门', dataIndex: 'orgName' },
        ]}
      />
    </div>
  );
}

/** Administrators send a message to chosen people. */
export default function MessageSendPage() {
  const { message } = App.useApp();
  const [form] = Form.useForm<SendForm>();
  const [receivers, setReceivers] = useState<ReceiverItem[]>([]);
  const [picking, setPicking] = useState(false);
  const send = useMutation({
    mutationFn: async () => {
      const v = await form.validateFields();
      if (!receivers.length) throw new Error('请选择接收人');
      return sendMessage({ ...v, userIds: receivers.map((r) => r.userId) });
    },
    onSuccess: (n) => {
      message.success(`发送成功，共 ${n} 人`);
      form.resetFields();
      setReceivers([]);
    },
    onError: (e) => {
      if ((e as Error).message === '请选择接收人') message.warning('请选择接收人');
    },
  });
  return (
    <Card variant="borderless" title="消息发送" data-testid="message-send">
      <Form form={form} layout="vertical" style={{ maxWidth: 720 }} initialValues={{ title: '', content: '', link: '' }}>
        <Form.Item name="title" label="消息标题" rules={[{ required: true, whitespace: true, message: '请输入消息标题' }]}>
          <Input maxLength={100} showCount data-testid="message-title" />
        </Form.Item>
        <Form.Item name="content" label="消息内容">
          <Input.TextArea maxLength={2000} autoSize={{ minRows: 3 }} data-testid="message-content" />
        </Form.Item>
        <Form.Item
          name="link"
          label="打开后跳转"
          extra="站内路径（如 /project/mystudy）在系统内打开；http(s) 链接在新窗口打开；可留空"
          rules={[{ pattern: /^(https?:\/\/|\/(?!\/))/i, message: '请输入以 http:// 或 https:// 开头的链接地址' }]}
        >
          <Input placeholder="/ydmessage/index" data-testid="message-link" />
        </Form.Item>
      </Form>
      <div style={{ margin: '8px 0 12px' }}>
        <strong>接收人（{receivers.length}）：</strong>
        <Space wrap size={[4, 4]}>
          {receivers.map((r) => (
            <Tag key={r.userId} closable onClose={() => setReceivers(receivers.filter((x) => x.userId !== r.userId))}>
              {r.chnName}
            </Tag>
          ))}
        </Space>
      </div>
      <Can action={Perm.UserList}>
        <Button onClick={() => setPicking(true)} style={{ marginBottom: 12 }} data-testid="open-participant-select">
          学员查询
        </Button>
        <ParticipantSelect
          open={picking}
          tabs={['user']}
          onCancel={() => setPicking(false)}
          onOk={(sel) => {
            const known = new Set(receivers.map((r) => r.userId));
            const added = sel.users
              .filter((u) => !known.has(u.userId))
              .map((u) => ({
                userId: u.userId,
                accountCode: u.accountCode,
                chnName: u.chnName,
                companyName: u.companyName,
                orgName: u.orgCodeName,
              }));
            setReceivers([...receivers, ...added]);
            setPicking(false);
          }}
        />
      </Can>
      <ReceiverPicker selected={receivers} onChange={setReceivers} />
      <Button
        type="primary"
        onClick={() => send.mutate()}
        loading={send.isPending}
        style={{ marginTop: 16 }}
        data-testid="message-send-button"
      >
        发送
      </Button>
    </Card>
  );
}
