import { defineJob } from '../jobs/index.ts';
import { deleteTempFile, listExpiredTemp } from './repository.ts';

/**
 * Deletes uploads that were never saved with anything (status temp) once they are older than
 * FILES_TEMP_HOURS: abandoned uploads, import workbooks, files of forms never submitted.
 * Runs hourly; once per hour across all processes.
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
          removed++;
        }
      }
      await progress(50);
      if (batch.length < 200) break;
    }
    log.info({ removed }, 'files: purged temporary uploads');
  },
});
