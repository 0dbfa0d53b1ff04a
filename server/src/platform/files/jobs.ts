import { FileStatus } from '@xuetu/contract';
import type { DbOrTx } from '../../db/client.ts';
import { defineJob } from '../jobs/index.ts';
import { purgeablePurposes, referencingTables } from './references.ts';
import {
  deleteFileIfStatus,
  deleteTempFile,
  type FileRow,
  keysMentionedIn,
  listExpiredTemp,
  listFilesAfter,
  setFileStatus,
} from './repository.ts';
import { releaseExpiredUploads } from './reservations.ts';
import { deleteImageVariants } from './variants.ts';

/**
 * Deletes uploads that were never saved with anything (status temp) once they are older than
 * FILES_TEMP_HOURS: abandoned uploads, import workbooks, files of forms never submitted. Also
 * releases the quota reservations of resumable uploads abandoned past their expiry (and has their
 * unfinished bytes removed). Runs hourly; once per hour across all processes.
 */
export const purgeTempFilesJob = defineJob('files.purge-temp', {
  title: '清理临时文件',
  schedule: { cron: '17 * * * *' },
  maxAttempts: 1,
  run: async (_job, { ctx, log, progress, signal }) => {
    const before = new Date(ctx.clock.now().getTime() - ctx.env.FILES_TEMP_HOURS * 3_600_000);
    let removed = 0;
    for (;;) {
      if (signal.aborted) return;
      const batch = await listExpiredTemp(ctx.db, before, 200);
      if (batch.length === 0) break;
      for (const file of batch) {
        // the row goes first: a save that attaches the file at this moment keeps it
        if (await deleteTempFile(ctx.db, file.id)) {
          await ctx.storage.delete(file.storageKey).catch((err) => log.warn({ err, key: file.storageKey }, 'files: could not delete'));
          // and its resized copies, if it is an image that has some
          if (file.contentType.startsWith('image/')) await deleteImageVariants(ctx.storage, file.storageKey);
          removed++;
        }
      }
      await progress(50);
      if (batch.length < 200) break;
    }
    const released = await releaseExpiredUploads(ctx, ctx.clock.now());
    log.info({ removed, released }, 'files: purged temporary uploads and released abandoned upload reservations');
  },
});

/** The files of `batch` no registered table mentions any more. */
async function unreferenced(db: DbOrTx, batch: FileRow[]): Promise<FileRow[]> {
  const kept = new Set<string>();
  for (const purpose of new Set(batch.map((f) => f.purpose))) {
    let open = batch.filter((f) => f.purpose === purpose).map((f) => f.storageKey);
    for (const table of referencingTables(purpose)) {
      if (open.length === 0) break;
      for (const k of await keysMentionedIn(db, open, table)) kept.add(k);
      open = open.filter((k) => !kept.has(k));
    }
  }
  return batch.filter((f) => !kept.has(f.storageKey));
}

/**
 * Files of deleted or replaced objects (issue 9 item 6). In two steps a day apart, so a save that
 * refers to a file again in between keeps it: a saved file nothing mentions any more becomes an
 * orphan; an orphan still unmentioned FILES_TEMP_HOURS later is deleted, row first, then the bytes.
 * Saving an orphan with something again (markFilesAttached) makes it attached. Daily, once across
 * all processes.
 */
export const purgeOrphanFilesJob = defineJob('files.purge-orphans', {
  title: '清理不再使用的文件',
  schedule: { cron: '41 3 * * *' },
  maxAttempts: 1,
  run: async (_job, { ctx, log, progress, signal }) => {
    const now = ctx.clock.now();
    const purposes = purgeablePurposes();
    if (purposes.length === 0) return;
    const grace = new Date(now.getTime() - ctx.env.FILES_TEMP_HOURS * 3_600_000);
    let removed = 0;
    let orphaned = 0;
    // step 2 first: orphans marked at least FILES_TEMP_HOURS ago and still unmentioned go
    for (let afterId = 0; !signal.aborted; ) {
      const batch = await listFilesAfter(ctx.db, { status: FileStatus.Orphan, purposes, before: grace, afterId }, 200);
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1].id;
      const gone = await unreferenced(ctx.db, batch);
      await setFileStatus(
        ctx.db,
        batch.filter((f) => !gone.includes(f)).map((f) => f.id),
        FileStatus.Orphan,
        FileStatus.Attached,
        now,
      );
      for (const file of gone) {
        if (await deleteFileIfStatus(ctx.db, file.id, FileStatus.Orphan)) {
          await ctx.storage.delete(file.storageKey).catch((err) => log.warn({ err, key: file.storageKey }, 'files: could not delete'));
          if (file.contentType.startsWith('image/')) await deleteImageVariants(ctx.storage, file.storageKey);
          removed++;
        }
      }
    }
    await progress(50);
    // step 1: saved files (attached before the grace period) nothing mentions become orphans
    for (let afterId = 0; !signal.aborted; ) {
      const batch = await listFilesAfter(ctx.db, { status: FileStatus.Attached, purposes, before: grace, afterId }, 200);
      if (batch.length === 0) break;
      afterId = batch[batch.length - 1].id;
      const gone = await unreferenced(ctx.db, batch);
      await setFileStatus(
        ctx.db,
        gone.map((f) => f.id),
        FileStatus.Attached,
        FileStatus.Orphan,
        now,
      );
      orphaned += gone.length;
    }
    log.info({ removed, orphaned }, 'files: purged files nothing refers to');
  },
});
