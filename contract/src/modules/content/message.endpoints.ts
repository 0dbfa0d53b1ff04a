import { answer, defineGroup, endpoint } from '../../endpoint.ts';
import type { PageResult } from '../../shared/common.schemas.ts';
import type { MessageItem, ReceiverItem } from './content.schemas.ts';
import { messageIdInput, messagePageInput, messageSendInput, receiverSearchInput } from './content.schemas.ts';

// the original system's controllers these paths are under
const sysMessage = '/Api/SysConfig/sys_message';

/** The message calls (ADR 0039). */
export const messageApi = /* @__PURE__ */ defineGroup('content', 'message', {
  getNoReadCount: endpoint({ path: `${sysMessage}/GetNoReadCount`, output: answer<number>() }),
  getMessageDataPageList: endpoint({
    path: `${sysMessage}/GetMessageDataPageList`,
    input: messagePageInput,
    output: answer<PageResult<MessageItem>>(),
  }),
  setIsRead: endpoint({ path: `${sysMessage}/SetIsRead`, input: messageIdInput, output: answer<number>() }),
  setAllIsRead: endpoint({ path: `${sysMessage}/SetAllIsRead`, output: answer<number>() }),
  getReceiverList: endpoint({
    path: `${sysMessage}/GetReceiverList`,
    input: receiverSearchInput,
    output: answer<PageResult<ReceiverItem>>(),
  }),
  sendMessage: endpoint({ path: `${sysMessage}/SendMessage`, input: messageSendInput, output: answer<number>() }),
});
