import { type MessageItem, messageApi } from '@xuetu/contract';
import { call } from './client';

export const getNoReadCount = () => call(messageApi.getNoReadCount);

export interface MessageSearch {
  isRead: '' | '0' | '1';
  templeteType: string;
  keyword?: string;
}
export const getMessagePage = (body: { search: MessageSearch; pageIndex: number; pageRows: number }) =>
  call(messageApi.getMessageDataPageList, body);
/** marks the message read; answers the new unread count */
export const setIsRead = (message: Pick<MessageItem, 'id'>) => call(messageApi.setIsRead, { id: message.id });
export const setAllIsRead = () => call(messageApi.setAllIsRead, {});
export const getReceivers = (body: { keyword: string; pageIndex: number; pageRows: number }) => call(messageApi.getReceiverList, body);
export const sendMessage = (body: {
  userIds: number[];
  orgIds?: number[];
  postIds?: number[];
  title: string;
  content: string;
  link: string;
  templeteType?: number;
}) => call(messageApi.sendMessage, body);
