import { BellOutlined, CheckOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_DEFAULT_SEARCH, MESSAGE_PAGE_SIZE, type MessageItem } from '@xuetu/contract';
import { Badge, Button, Empty, Input, List, Select, Space, Tag } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { getMessagePage, type MessageSearch, NO_READ_COUNT_KEY, setAllIsRead, setIsRead } from '../../../api/message';
import { messageTarget } from './openMessage';

export const MESSAGE_LIST_KEY = ['sys_message', 'list'] as const;

/**
 * The message list (home panel and /ydmessage/index): defaults IsRead '0', TempleteType '1',
 * 10 per page. Opening a message marks it read, refreshes the unread badge and navigates.
 */
export function MessageList({ compact = false }: { compact?: boolean }) {
  const [search, setSearch] = useState<MessageSearch>({ ...MESSAGE_DEFAULT_SEARCH, keyword: '' });
  const [keyword, setKeyword] = useState('');
  const [page, setPage] = useState(1);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useQuery({
    queryKey: [...MESSAGE_LIST_KEY, search, page],
    queryFn: () => getMessagePage({ search, pageIndex: page, pageRows: MESSAGE_PAGE_SIZE }),
    placeholderData: keepPreviousData,
  });
  const refresh = async (unread?: number) => {
    if (typeof unread === 'number') qc.setQueryData(NO_READ_COUNT_KEY, unread);
    await Promise.all([qc.invalidateQueries({ queryKey: NO_READ_COUNT_KEY }), qc.invalidateQueries({ queryKey: MESSAGE_LIST_KEY })]);
  };
  const open = useMutation({
    mutationFn: async (m: MessageItem) => (m.isRead === 0 ? setIsRead(m) : undefined),
    onSuccess: async (unread, m) => {
      await refresh(unread);
      const target = messageTarget(m.messageUrl);
      if (target?.kind === 'tabin') navigate(`${target.path}${target.search}`);
      else if (target?.kind === 'tabiout') window.open(target.url, '_blank', 'noopener');
    },
  });
  const readAll = useMutation({ mutationFn: setAllIsRead, onSuccess: () => refresh(0) });
  const update = (patch: Partial<MessageSearch>) => {
    setSearch((s) => ({ ...s, ...patch }));
    setPage(1);
  };
  return (
    <div data-testid="message-list">
      {!compact && (
        <Space wrap style={{ marginBottom: 16 }}>
          <Select
            value={search.isRead}
            style={{ width: 120 }}
            onChange={(v) => update({ isRead: v })}
            options={[
              { value: '0', label: '未读' },
              { value: '1', label: '已读' },
              { value: '', label: '全部状态' },
            ]}
            data-testid="message-filter-read"
          />
          <Select
            value={search.templeteType}
            style={{ width: 140 }}
            onChange={(v) => update({ templeteType: v })}
            options={[
              { value: '1', label: '系统消息' },
              { value: '2', label: '业务提醒' },
              { value: '', label: '全部类型' },
            ]}
          />
          <Input.Search
            allowClear
            placeholder="搜索标题或内容"
            value={keyword}
            onChange={(e) => setKeyword(e.target.value)}
            onSearch={(v) => update({ keyword: v.trim() })}
            style={{ width: 220 }}
          />
          <Button icon={<CheckOutlined />} onClick={() => readAll.mutate()} loading={readAll.isPending}>
            全部标为已读
          </Button>
        </Space>
      )}
      <List
        loading={q.isLoading}
        dataSource={q.data?.models ?? []}
        locale={{ emptyText: <Empty description={search.isRead === '0' ? '没有未读消息' : '暂无消息'} /> }}
        pagination={
          (q.data?.totalCount ?? 0) > MESSAGE_PAGE_SIZE
            ? {
                current: page,
                pageSize: MESSAGE_PAGE_SIZE,
                total: q.data?.totalCount ?? 0,
                onChange: setPage,
                showSizeChanger: false,
                size: 'small',
              }
            : false
        }
        renderItem={(m) => (
          <List.Item
            className="xt-message-item"
            style={{ cursor: 'pointer' }}
            onClick={() => open.mutate(m)}
            data-testid="message-item"
            extra={<span style={{ color: '#909399', fontSize: 12 }}>{m.createTime.slice(0, 16)}</span>}
          >
            <List.Item.Meta
              avatar={
                <Badge dot={m.isRead === 0}>
                  <BellOutlined style={{ fontSize: 20, color: m.isRead === 0 ? '#409eff' : '#c0c4cc' }} />
                </Badge>
              }
              title={
                <span style={{ fontWeight: m.isRead === 0 ? 600 : 400 }}>
                  {m.title} {m.isRead === 0 ? <Tag color="blue">未读</Tag> : <Tag>已读</Tag>}
                </span>
              }
              description={m.content}
            />
          </List.Item>
        )}
      />
    </div>
  );
}
