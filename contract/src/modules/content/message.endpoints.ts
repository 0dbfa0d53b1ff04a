import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { MessageItem, ReceiverItem } from './content.schemas.ts';
import { messageIdInput, messagePageInput, messageSendInput, receiverSearchInput } from './content.schemas.ts';

/** The message calls (ADR 0039). */
export const messageApi = /* @__PURE__ */ defineGroup('content', 'message', {
  getNoReadCount: endpoint({ path: '/Api/SysConfig/sys_message/GetNoReadCount', output: answer<number>() }),
  getMessageDataPageList: endpoint({
    path: '/Api/SysConfig/sys_message/GetMessageDataPageList',
    input: messagePageInput,
    output: answer<PageResult<MessageItem>>(),
  }),
  setIsRead: endpoint({ path: '/Api/SysConfig/sys_message/SetIsRead', input: messageIdInput, output: answer<number>() }),
  setAllIsRead: endpoint({ path: '/Api/SysConfig/sys_message/SetAllIsRead', output: answer<number>() }),
  getReceiverList: endpoint({
    path: '/Api/SysConfig/sys_message/GetReceiverList',
    input: receiverSearchInput,
    output: answer<PageResult<ReceiverItem>>(),
  }),
  sendMessage: endpoint({ path: '/Api/SysConfig/sys_message/SendMessage', input: messageSendInput, output: answer<number>() }),
});
