import { formatDateTime, type MessageItem } from '@xuetu/contract';
import type { messages } from '../schema.ts';

export function presentMessage(row: typeof messages.$inferSelect): MessageItem {
  return {
    id: row.id,
    title: row.title,
    content: row.content,
    templeteType: row.templeteType,
    messageUrl: row.messageUrl,
    isRead: row.isRead,
    createTime: formatDateTime(row.createdAt),
    readTime: formatDateTime(row.readAt),
  };
}
