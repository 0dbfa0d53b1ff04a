import {
  ContentMsg,
  MESSAGE_PAGE_SIZE,
  messageIdInput,
  messagePageInput,
  messageSendInput,
  Perm,
  pageWindow,
  receiverSearchInput,
} from '@xuetu/contract';
import { recordAudit } from '../../platform/audit.ts';
import { withMsg } from '../../platform/envelope.ts';
import { appError } from '../../platform/errors.ts';
import { defineRoute } from '../../platform/route.ts';
import { tenantScope } from '../../platform/scope.ts';
import { presentMessage } from './presenter.ts';
import * as repo from './repository.ts';
import { linkToMessageUrl, sendMessage } from './service.ts';

const base = '/Api/SysConfig/sys_message';

export const messageRoutes = [
  defineRoute({
    method: 'POST',
    url: `${base}/GetNoReadCount`,
    access: 'user',
    summary: '未读消息数',
    handler: ({ actor, ctx }) => repo.countUnread(ctx.db, actor.userId),
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetMessageDataPageList`,
    access: 'user',
    summary: '我的消息列表（默认未读、系统消息，每页 10 条）',
    input: messagePageInput,
    handler: async ({ input, actor, ctx }) => {
      const { limit, offset } = pageWindow(input, MESSAGE_PAGE_SIZE);
      const { rows, total } = await repo.pageMessages(ctx.db, actor.userId, { ...input.search, limit, offset });
      return { models: rows.map(presentMessage), totalCount: total };
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SetIsRead`,
    access: 'user',
    summary: '标记消息已读',
    input: messageIdInput,
    handler: async ({ input, actor, ctx }) => {
      if (!(await repo.markRead(ctx.db, actor.userId, input.id))) throw appError('MESSAGE_NOT_FOUND');
      return repo.countUnread(ctx.db, actor.userId);
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SetAllIsRead`,
    access: 'user',
    summary: '全部标记已读',
    handler: async ({ actor, ctx }) => {
      await repo.markAllRead(ctx.db, actor.userId);
      return 0;
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/GetReceiverList`,
    access: { action: Perm.MessageSend },
    summary: '可接收消息的人员（本公司或全部）',
    input: receiverSearchInput,
    handler: async ({ input, actor, ctx }) => {
      const { limit, offset } = pageWindow(input, 10);
      const { rows, total } = await repo.searchReceivers(ctx.db, tenantScope(actor), input.keyword, limit, offset);
      return { models: rows, totalCount: total };
    },
  }),
  defineRoute({
    method: 'POST',
    url: `${base}/SendMessage`,
    access: { action: Perm.MessageSend },
    summary: '向选定人员发送消息',
    input: messageSendInput,
    handler: async ({ input, actor, ctx, ip }) => {
      const scope = tenantScope(actor);
      const picked = await repo.receiversInScope(ctx.db, scope, [...new Set(input.userIds)]);
      // another company's people, departments and posts answer like unknown ones
      if (picked.length !== new Set(input.userIds).size) throw appError('MESSAGE_RECEIVER_NOT_FOUND');
      const orgIds = [...new Set(input.orgIds)];
      const postIds = [...new Set(input.postIds)];
      const groups = [await repo.groupsInScope(ctx.db, scope, 'org', orgIds), await repo.groupsInScope(ctx.db, scope, 'post', postIds)];
      if (groups[0].length !== orgIds.length || groups[1].length !== postIds.length) throw appError('MESSAGE_RECEIVER_NOT_FOUND');
      const ids = [...new Set([...picked, ...(await repo.receiversOfGroups(ctx.db, scope, orgIds, postIds))])];
      if (!ids.length) throw appError('MESSAGE_NO_RECEIVERS');
      const sent = await ctx.db.transaction(async (tx) => {
        const n = await sendMessage(tx, {
          userIds: ids,
          title: input.title,
          content: input.content,
          templeteType: input.templeteType,
          messageUrl: linkToMessageUrl(input.link),
        });
        await recordAudit(tx, { actor, ip, action: 'message.send', target: input.title, detail: { userIds: ids, orgIds, postIds } });
        return n;
      });
      return withMsg(sent, ContentMsg.sent);
    },
  }),
];
