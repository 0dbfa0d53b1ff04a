import type { MessageLink } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import { sendMessage } from '../../content/public.ts';

/** Message template type of resource audit messages. */
export const RES_AUDIT_MESSAGE_TYPE = 1;

export function resMessageUrl(resCode: string): MessageLink {
  return { pc: { type: 'tabin', value: { path: '/trainres/manage', query: { rescode: resCode } } } };
}

/** Tells the submitter how their resource was audited. */
export async function sendAuditMessage(
  db: DbOrTx,
  userId: number,
  res: { resCode: string; resName: string },
  pass: boolean,
  comment: string,
  sentAt: Date,
): Promise<void> {
  await sendMessage(db, {
    sentAt,
    userIds: [userId],
    title: pass ? `资源审核通过：${res.resName}` : `资源审核未通过：${res.resName}`,
    content: pass
      ? `您提交的资源「${res.resName}」已审核通过。${comment ? `审核意见：${comment}` : ''}`
      : `您提交的资源「${res.resName}」未通过审核。审核意见：${comment}`,
    templeteType: RES_AUDIT_MESSAGE_TYPE,
    messageUrl: resMessageUrl(res.resCode),
  });
}
