import { MediaStatus, type MediaView } from '@xuetu/contract';
import type { Caller } from '../../../platform/caller.ts';
import { enqueueJob } from '../../../platform/jobs/index.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { resError } from '../errors.ts';
import { authorize } from '../policy.ts';
import { presentMedia } from '../presenter.ts';
import { processMediaJob } from './job.ts';
import * as repo from './repository.ts';
import { mediaCapability } from './tools.ts';

async function mustFindMedia(caller: Caller, mediaId: string): Promise<repo.MediaRow> {
  const row = await repo.findMedia(caller.ctx.db, mediaId);
  if (!row) throw resError('MEDIA_NOT_FOUND');
  authorize(caller, 'manageMedia', row);
  return row;
}

/** Processing state of an upload: status, progress %, failure reason, qualities made. */
export async function mediaStatus(caller: Caller, mediaId: string): Promise<MediaView> {
  return presentMedia(await mustFindMedia(caller, mediaId)) as MediaView;
}

/** Runs the media job again for a failed video or audio file. */
export async function retryMedia(caller: Caller, mediaId: string): Promise<MediaView> {
  const row = await repo.findMedia(caller.ctx.db, mediaId);
  if (!row) throw resError('MEDIA_NOT_FOUND');
  authorize(caller, 'retryMedia', row);
  return inTransaction(caller, async (tx) => {
    await repo.updateMedia(tx, caller.scope, row.id, { status: MediaStatus.Uploaded, progress: 0, error: '', updatedAt: caller.now });
    await enqueueJob(tx, processMediaJob, { mediaId: row.id }, { now: caller.now, dedupeKey: row.mediaCode });
    return presentMedia({ ...row, status: MediaStatus.Uploaded, progress: 0, error: '' }) as MediaView;
  });
}

/** The admin status line: can this server transcode? */
export async function capability(caller: Caller) {
  const cap = await mediaCapability(caller.ctx.env.FFMPEG_PATH, caller.ctx.env.FFPROBE_PATH);
  return {
    canTranscode: cap.ffmpeg && cap.ffprobe,
    version: cap.version,
    reason: cap.reason,
    uploadLimitBytes: caller.ctx.env.MEDIA_UPLOAD_LIMIT_BYTES,
  };
}
