import type { MessageLink } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
import { messages } from '../../db/schema/index.ts';
import type { AppContext } from '../../platform/context.ts';

export interface NewMessage {
  userIds: number[];
  title: string;
  content?: string;
  /** 1 system notice (the home list's default), other values are free for modules */
  templeteType?: number;
  /** where opening the message goes: tabin (in-app path + query) or tabiout (external link) */
  messageUrl?: MessageLink | null;
}

const BATCH = 500;

/**
 * Sends a system message to users (exam assigned, project joined, resource audited, marking done,
 * notice published …). Pass the transaction the triggering write runs in, or the context.
 * Returns how many messages were stored. Messages are owned by their user, not a company, so this
 * takes no scope: the sender has already chosen receivers inside its scope (`receiversInScope`).
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
  }));
  for (let i = 0; i < values.length; i += BATCH) await db.insert(messages).values(values.slice(i, i + BATCH));
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
