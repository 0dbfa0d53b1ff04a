import { answer, endpoint } from '../endpoint.ts';
import type { PageResult } from '../schemas/common.ts';
import type { MessageItem, ReceiverItem } from '../schemas/content.ts';
import { messageIdInput, messagePageInput, messageSendInput, receiverSearchInput } from '../schemas/content.ts';

/** The message calls (ADR 0039). */
export const messageApi = {
  getNoReadCount: endpoint({ method: 'POST', path: '/Api/SysConfig/sys_message/GetNoReadCount', output: answer<number>() }),
  getMessageDataPageList: endpoint({
    method: 'POST',
    path: '/Api/SysConfig/sys_message/GetMessageDataPageList',
    input: messagePageInput,
    output: answer<PageResult<MessageItem>>(),
  }),
  setIsRead: endpoint({ method: 'POST', path: '/Api/SysConfig/sys_message/SetIsRead', input: messageIdInput, output: answer<number>() }),
  setAllIsRead: endpoint({ method: 'POST', path: '/Api/SysConfig/sys_message/SetAllIsRead', output: answer<number>() }),
  getReceiverList: endpoint({
    method: 'POST',
    path: '/Api/SysConfig/sys_message/GetReceiverList',
    input: receiverSearchInput,
    output: answer<PageResult<ReceiverItem>>(),
  }),
  sendMessage: endpoint({
    method: 'POST',
    path: '/Api/SysConfig/sys_message/SendMessage',
    input: messageSendInput,
    output: answer<number>(),
  }),
};
