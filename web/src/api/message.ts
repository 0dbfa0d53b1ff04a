import type { MessageItem, PageResult, ReceiverItem } from '@xuetu/contract';
import { post } from './request';

const base = '/Api/SysConfig/sys_message';

/** Query key of the unread count; invalidate it after marking a message read. */
export const NO_READ_COUNT_KEY = ['sys_message', 'GetNoReadCount'] as const;

export const getNoReadCount = () => post<number>(`${base}/GetNoReadCount`);

export interface MessageSearch {
  isRead: '' | '0' | '1';
  templeteType: string;
  keyword?: string;
}
export const getMessagePage = (body: { search: MessageSearch; pageIndex: number; pageRows: number }) =>
  post<PageResult<MessageItem>>(`${base}/GetMessageDataPageList`, body);
/** marks the message read; answers the new unread count */
export const setIsRead = (message: Pick<MessageItem, 'id'>) => post<number>(`${base}/SetIsRead`, { id: message.id });
export const setAllIsRead = () => post<number>(`${base}/SetAllIsRead`, {});
export const getReceivers = (body: { keyword: string; pageIndex: number; pageRows: number }) =>
  post<PageResult<ReceiverItem>>(`${base}/GetReceiverList`, body);
export const sendMessage = (body: {
  userIds: number[];
  orgIds?: number[];
  postIds?: number[];
  title: string;
  content: string;
  link: string;
  templeteType?: number;
}) => post<number>(`${base}/SendMessage`, body);
