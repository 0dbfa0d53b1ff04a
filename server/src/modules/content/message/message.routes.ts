import { ContentMsg, messageApi, Perm } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { routesOf } from '../../../platform/route.ts';
import {
  markAllMessagesRead,
  markMessageRead,
  pageOwnMessages,
  searchMessageReceivers,
  sendMessageToPicked,
  unreadCount,
} from './message.service.ts';

export const messageRoutes = routesOf(messageApi, {
  getNoReadCount: {
    access: 'user',
    summary: '未读消息数',
    handler: ({ caller }) => unreadCount(caller),
  },
  getMessageDataPageList: {
    access: 'user',
    summary: '我的消息列表（默认未读、系统消息，每页 10 条）',
    handler: ({ input, caller }) => pageOwnMessages(caller, input),
  },
  setIsRead: {
    access: 'user',
    summary: '标记消息已读',
    handler: ({ input, caller }) => markMessageRead(caller, input.id),
  },
  setAllIsRead: {
    access: 'user',
    summary: '全部标记已读',
    handler: async ({ caller }) => {
      await markAllMessagesRead(caller);
      return 0;
    },
  },
  getReceiverList: {
    access: { action: Perm.MessageSend },
    summary: '可接收消息的人员（本公司或全部）',
    handler: ({ input, caller }) => searchMessageReceivers(caller, input),
  },
  sendMessage: {
    access: { action: Perm.MessageSend },
    summary: '向选定人员发送消息',
    handler: async ({ input, caller }) => withMsg(await sendMessageToPicked(caller, input), ContentMsg.sent),
  },
});
