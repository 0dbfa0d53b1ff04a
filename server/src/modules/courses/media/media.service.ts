import { MediaStatus, type MediaView } from '@xuetu/contract';
import type { DbOrTx } from '../../../db/client.ts';
import type { Caller } from '../../../platform/caller.ts';
import { appError } from '../../../platform/errors.ts';
import { enqueueJob, failAbandonedJobs, liveJobIds } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { authorize } from '../resources/resources.policy.ts';
import { presentMedia } from '../resources/resources.presenter.ts';
import { processMediaJob } from './jobs.ts';
import * as repo from './media.repository.ts';
import { mediaCapability } from './tools.ts';

async function mustFindMedia(caller: Caller, mediaId: string): Promise<repo.MediaRow> {
  const row = await repo.findMedia(caller.ctx.db, mediaId);
  if (!row) throw appError('MEDIA_NOT_FOUND');
  authorize(caller, 'manageMedia', row);
  return row;
}

/**
 * Waiting or processing while no job takes care of it any more: the job's process died and no
 * other process has taken it back (none runs jobs), or the job is gone.
 */
async function isStalled(db: DbOrTx, row: repo.MediaRow, now: Date): Promise<boolean> {
  if (row.status !== MediaStatus.Uploaded && row.status !== MediaStatus.Processing) return false;
  return (await liveJobIds(db, processMediaJob.kind, { mediaId: row.id }, now)).length === 0;
}

/** Processing state of an upload: status, progress %, failure reason, qualities made. */
export async function mediaStatus(caller: Caller, mediaId: string): Promise<MediaView> {
  const row = await mustFindMedia(caller, mediaId);
  const view = presentMedia(row) as MediaView;
  if (await isStalled(caller.ctx.db, row, caller.now)) view.stalled = true;
  return view;
}

/** Runs the media job again for a failed video or audio file, or one whose job died with its process. */
export async function retryMedia(caller: Caller, mediaId: string): Promise<MediaView> {
  const row = await repo.findMedia(caller.ctx.db, mediaId);
  if (!row) throw appError('MEDIA_NOT_FOUND');
  return inTransaction(caller, async (tx) => {
    authorize(caller, 'retryMedia', { ...row, stalled: await isStalled(tx, row, caller.now) });
    // a dead process's job still holds the dedupe key: it ends as failed, the new job replaces it
    await failAbandonedJobs(tx, processMediaJob.kind, { mediaId: row.id }, caller.now, '处理进程已中断，管理员已重试');
    await repo.updateMedia(tx, caller.scope, row.id, { status: MediaStatus.Uploaded, progress: 0, error: '', updatedAt: caller.now });
    await enqueueJob(tx, processMediaJob, { mediaId: row.id }, { now: caller.now, dedupeKey: row.mediaCode });
    return presentMedia({ ...row, status: MediaStatus.Uploaded, progress: 0, error: '' }) as MediaView;
  });
}

/** The admin status line: can this server transcode? */
export async function capability(caller: Caller) {
  const cap = await mediaCapability(caller.ctx);
  return {
    canTranscode: cap.ffmpeg && cap.ffprobe,
    version: cap.version,
    reason: cap.reason,
    uploadLimitBytes: caller.ctx.env.MEDIA_UPLOAD_LIMIT_BYTES,
  };
}
