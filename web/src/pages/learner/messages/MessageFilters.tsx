import { CheckOutlined } from '@ant-design/icons';
import { Button, Input, Select, Space } from 'antd';
import { useState } from 'react';

/** What the message list is filtered by. */
export interface MessageSearch {
  isRead: '' | '0' | '1';
  templeteType: string;
  keyword?: string;
}

/** The message page's filters (read state, type, keyword) and 全部标为已读; not on the home panel. */
export default function MessageFilters({
  search,
  update,
  readAll,
  readingAll,
}: {
  search: MessageSearch;
  update: (patch: Partial<MessageSearch>) => void;
  readAll: () => void;
  readingAll: boolean;
}) {
  const [keyword, setKeyword] = useState('');
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <Select
        aria-label="阅读状态"
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
        aria-label="消息类型"
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
      <Button icon={<CheckOutlined />} onClick={readAll} loading={readingAll}>
        全部标为已读
      </Button>
    </Space>
  );
}
