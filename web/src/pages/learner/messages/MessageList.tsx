import { BellOutlined } from '@ant-design/icons';
import { keepPreviousData, useMutation, useQueryClient } from '@tanstack/react-query';
import { MESSAGE_DEFAULT_SEARCH, MESSAGE_PAGE_SIZE, type MessageItem, messageApi, ReadStatus } from '@xuetu/contract';
import { Badge, Empty, Skeleton, Tag } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useNavigate } from 'react-router';
import { call } from '../../../api/client';
import { callKey, invalidateCalls, useCall } from '../../../api/hooks';
import type { MessageSearch } from './MessageFilters';
import { messageTarget } from './openMessage';

// the filters (antd Select, Input) only on the message page, and the pager (antd Pagination, which
// brings Select too) only past one page: the home panel's list stays light (issue 15 budget)
const MessageFilters = lazy(() => import('./MessageFilters'));
const Pagination = lazy(() => import('antd/es/pagination'));

/**
 * The message list (home panel and /ydmessage/index): defaults IsRead '0', TempleteType '1',
 * 10 per page. Opening a message marks it read, refreshes the unread badge and navigates.
 */
export function MessageList({ compact = false }: { compact?: boolean }) {
  const [search, setSearch] = useState<MessageSearch>({ ...MESSAGE_DEFAULT_SEARCH, keyword: '' });
  const [page, setPage] = useState(1);
  const qc = useQueryClient();
  const navigate = useNavigate();
  const q = useCall(
    messageApi.getMessageDataPageList,
    { search, pageIndex: page, pageRows: MESSAGE_PAGE_SIZE },
    { placeholderData: keepPreviousData },
  );
  const refresh = async (unread?: number) => {
    // the navbar's badge shows the new count at once
    if (typeof unread === 'number') qc.setQueryData(callKey(messageApi.getNoReadCount), unread);
    await invalidateCalls(qc, messageApi.getNoReadCount, messageApi.getMessageDataPageList);
  };
  const open = useMutation({
    mutationFn: async (m: MessageItem) => (m.isRead === ReadStatus.Unread ? call(messageApi.setIsRead, { id: m.id }) : undefined),
    onSuccess: async (unread, m) => {
      await refresh(unread);
      const target = messageTarget(m.messageUrl);
      if (target?.kind === 'tabin') navigate(`${target.path}${target.search}`);
      else if (target?.kind === 'tabiout') window.open(target.url, '_blank', 'noopener');
    },
  });
  const readAll = useMutation({ mutationFn: () => call(messageApi.setAllIsRead, {}), onSuccess: () => refresh(0) });
  const update = (patch: Partial<MessageSearch>) => {
    setSearch((s) => ({ ...s, ...patch }));
    setPage(1);
  };
  const items = q.data?.models ?? [];
  const total = q.data?.totalCount ?? 0;
  return (
    <div data-testid="message-list">
      {!compact && (
        <Suspense fallback={<div className="xt-message-filters-pending" />}>
          <MessageFilters search={search} update={update} readAll={() => readAll.mutate()} readingAll={readAll.isPending} />
        </Suspense>
      )}
      {q.isLoading ? (
        <Skeleton active paragraph={{ rows: 4 }} />
      ) : !items.length ? (
        <Empty description={search.isRead === '0' ? '没有未读消息' : '暂无消息'} />
      ) : (
        <ul className="xt-message-list">
          {items.map((m) => (
            <li key={m.id}>
              <button type="button" className="xt-message-item" onClick={() => open.mutate(m)} data-testid="message-item">
                <Badge dot={m.isRead === ReadStatus.Unread}>
                  <BellOutlined style={{ fontSize: 20, color: m.isRead === ReadStatus.Unread ? '#409eff' : '#c0c4cc' }} />
                </Badge>
                <span className="xt-message-main">
                  <span className="xt-message-title" style={{ fontWeight: m.isRead === ReadStatus.Unread ? 600 : 400 }}>
                    {m.title} {m.isRead === ReadStatus.Unread ? <Tag color="blue">未读</Tag> : <Tag>已读</Tag>}
                  </span>
                  <span className="xt-message-content">{m.content}</span>
                </span>
                <span className="xt-message-time">{m.createTime.slice(0, 16)}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      {total > MESSAGE_PAGE_SIZE && (
        <Suspense fallback={null}>
          <Pagination
            className="xt-message-pager"
            current={page}
            pageSize={MESSAGE_PAGE_SIZE}
            total={total}
            onChange={setPage}
            showSizeChanger={false}
            size="small"
          />
        </Suspense>
      )}
    </div>
  );
}
