import {
  MESSAGE_PAGE_SIZE,
  type MessageLink,
  type messagePageInput,
  type messageSendInput,
  pageWindow,
  type receiverSearchInput,
} from '@xuetu/contract';
import type { z } from 'zod';
import type { DbOrTx } from '../../../db/client.ts';
import { recordAudit } from '../../../platform/audit.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import type { AppContext } from '../../../platform/context.ts';
import { appError } from '../../../platform/errors.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { groupsInScope, receiversInScope, receiversOfGroups, searchReceivers } from '../../directory/public.ts';
import { presentMessage } from './message.presenter.ts';
import * as repo from './message.repository.ts';

export interface NewMessage {
  userIds: number[];
  title: string;
  content?: string;
  /** 1 system notice (the home list's default), other values are free for modules */
  templeteType?: number;
  /** where opening the message goes: tabin (in-app path + query) or tabiout (external link) */
  messageUrl?: MessageLink | null;
  /** when it is sent: the caller's `now` (a job's ctx.clock), stored as the message's createdAt */
  sentAt: Date;
}

/**
 * Sends a system message to users (exam assigned, project joined, resource audited, marking done,
 * notice published …). Pass the transaction the triggering write runs in, or the context.
 * Returns how many messages were stored. Messages are owned by their user, not a company, so this
 * takes no scope: the sender has already chosen receivers inside its scope (`receiversInScope`).
 * It keeps this shape (no Caller) because jobs and other modules' fan-outs call it inside their
 * own transaction, often without a request.
 */
export async function sendMessage(dbOrCtx: DbOrTx | AppContext, msg: NewMessage): Promise<number> {
  const db = 'db' in dbOrCtx && 'cache' in dbOrCtx ? dbOrCtx.db : (dbOrCtx as DbOrTx);
  const ids = [...new Set(msg.userIds)].filter((id) => Number.isInteger(id) && id > 0);
  const values = ids.map((userId) => ({
    userId,
    title: msg.title,
    content: msg.content ?? '',
    templeteType: msg.templeteType ?? 1,
    messageUrl: msg.messageUrl ? JSON.stringify(msg.messageUrl) : '',
    createdAt: msg.sentAt,
  }));
  await repo.insertMessages(db, values);
  return values.length;
}

/** messageUrl JSON for a link typed by an administrator: in-site path → tabin, http(s) → tabiout. */
export function linkToMessageUrl(link: string): MessageLink | null {
  if (!link) return null;
  if (/^https?:\/\//i.test(link)) return { pc: { type: 'tabiout', value: link } };
  const url = new URL(link, 'http://x');
  const query = Object.fromEntries(url.searchParams.entries());
  return { pc: { type: 'tabin', value: { path: url.pathname, query } } };
}

/** GetNoReadCount: the caller's unread messages. */
export async function unreadCount(caller: Caller): Promise<number> {
  return repo.countUnread(caller.ctx.db, requireActor(caller).userId);
}

/** GetMessageDataPageList: the caller's own messages, filtered as the list sends them. */
export async function pageOwnMessages(caller: Caller, input: z.output<typeof messagePageInput>) {
  const { limit, offset } = pageWindow(input, MESSAGE_PAGE_SIZE);
  const { rows, total } = await repo.pageMessages(caller.ctx.db, requireActor(caller).userId, { ...input.search, limit, offset });
  return { models: rows.map(presentMessage), totalCount: total };
}

/** SetIsRead: marks one of the caller's messages read (at the caller's time); answers the unread count. */
export async function markMessageRead(caller: Caller, id: number): Promise<number> {
  const { userId } = requireActor(caller);
  if (!(await repo.markRead(caller.ctx.db, userId, id, caller.now))) throw appError('MESSAGE_NOT_FOUND');
  return repo.countUnread(caller.ctx.db, userId);
}

/** SetAllIsRead: marks every message of the caller read. */
export async function markAllMessagesRead(caller: Caller): Promise<void> {
  await repo.markAllRead(caller.ctx.db, requireActor(caller).userId, caller.now);
}

/** GetReceiverList: people the caller may message (their company, or everyone for the platform). */
export async function searchMessageReceivers(caller: Caller, input: z.output<typeof receiverSearchInput>) {
  const { limit, offset } = pageWindow(input, 10);
  const { rows, total } = await searchReceivers(caller.ctx.db, caller.scope, input.keyword, limit, offset);
  return { models: rows, totalCount: total };
}

/**
 * SendMessage: to the picked people and everyone in the picked departments and posts, all inside
 * the caller's scope; answers how many were sent. The audit entry is written with the messages.
 */
export async function sendMessageToPicked(caller: Caller, input: z.output<typeof messageSendInput>): Promise<number> {
  const { ctx, scope } = caller;
  requireActor(caller);
  const picked = await receiversInScope(ctx.db, scope, [...new Set(input.userIds)]);
  // another company's people, departments and posts answer like unknown ones
  if (picked.length !== new Set(input.userIds).size) throw appError('MESSAGE_RECEIVER_NOT_FOUND');
  const orgIds = [...new Set(input.orgIds)];
  const postIds = [...new Set(input.postIds)];
  const groups = [await groupsInScope(ctx.db, scope, 'org', orgIds), await groupsInScope(ctx.db, scope, 'post', postIds)];
  if (groups[0].length !== orgIds.length || groups[1].length !== postIds.length) throw appError('MESSAGE_RECEIVER_NOT_FOUND');
  const ids = [...new Set([...picked, ...(await receiversOfGroups(ctx.db, scope, orgIds, postIds))])];
  if (!ids.length) throw appError('MESSAGE_NO_RECEIVERS');
  return inTransaction(ctx, async (tx) => {
    const n = await sendMessage(tx, {
      sentAt: caller.now,
      userIds: ids,
      title: input.title,
      content: input.content,
      templeteType: input.templeteType,
      messageUrl: linkToMessageUrl(input.link),
    });
    await recordAudit(tx, caller, { action: 'message.send', target: input.title, detail: { userIds: ids, orgIds, postIds } });
    return n;
  });
}
