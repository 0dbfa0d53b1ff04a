import { ContentMsg, messageIdInput, messagePageInput, messageSendInput, Perm, receiverSearchInput } from '@xuetu/contract';
import { withMsg } from '../../../platform/envelope.ts';
import { defineRoute } from '../../../platform/route.ts';
import {
  markAllMessagesRead,
  markMessageRead,
  pageOwnMessages,
  searchMessageReceivers,
  sendMessageToPicked,
  unreadCount,
} from './message.service.ts';

const base = '/Api/SysConfig/sys_message';

export const messageRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetNoReadCount`,
    access: 'user',
    summary: '未读消息数',
    handler: ({ caller }) => unreadCount(caller),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetMessageDataPageList`,
    access: 'user',
    summary: '我的消息列表（默认未读、系统消息，每页 10 条）',
    input: messagePageInput,
    handler: ({ input, caller }) => pageOwnMessages(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SetIsRead`,
    access: 'user',
    summary: '标记消息已读',
    input: messageIdInput,
    handler: ({ input, caller }) => markMessageRead(caller, input.id),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SetAllIsRead`,
    access: 'user',
    summary: '全部标记已读',
    handler: async ({ caller }) => {
      await markAllMessagesRead(caller);
      return 0;
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetReceiverList`,
    access: { action: Perm.MessageSend },
    summary: '可接收消息的人员（本公司或全部）',
    input: receiverSearchInput,
    handler: ({ input, caller }) => searchMessageReceivers(caller, input),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SendMessage`,
    access: { action: Perm.MessageSend },
    summary: '向选定人员发送消息',
    input: messageSendInput,
    handler: async ({ input, caller }) => withMsg(await sendMessageToPicked(caller, input), ContentMsg.sent),
  }),
];
