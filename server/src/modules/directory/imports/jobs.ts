// A large user import runs as a durable job (issue 10 item 1, ADR 0026). SaveExportIn checks the
// workbook in the request; a file of more than IMPORT_INLINE_ROWS good rows is then written by
// the `users.import` job instead of inside the request. The job keeps no rows: it reads the same
// upload again, plans it again (the data may have changed since the check) as the importer, and
// writes everything in one transaction, exactly as the inline import does.
//
// Assumption: the uploaded workbook is a temporary file (platform/files/jobs.ts deletes temp
// uploads older than FILES_TEMP_HOURS, at least 1 h, 24 h by default). The job starts within
// seconds of the request, so it reads the file long before that; a job that could not start in
// time fails with IMPORT_FILE_GONE (the importer uploads again), it never reads another file.
import { type ImportJobStarted, type ImportJobView, type importBody, JobStatus, Perm } from '@xuetu/contract';
import type { z } from 'zod';
import { hasAction } from '../../../platform/actor.ts';
import { type Caller, requireActor } from '../../../platform/caller.ts';
import { appError, forbidden } from '../../../platform/errors.ts';
import { defineJob, enqueueJob, type JobRecord, type JobTools } from '../../../platform/jobs/index.ts';
import { findJob } from '../../../platform/jobs/repository.ts';
import { tenantScope } from '../../../platform/scope.ts';
import { inTransaction } from '../../../platform/tx.ts';
import { readActorData } from '../accounts/actor.repository.ts';
import { IMPORT_JOB_HOLD_MS, IMPORT_JOB_KIND, importLockKey, inProcessTurn, withImportSlot } from './gate.ts';
import { type ImportPlan, type ImportResult, planImport, runImport } from './imports.service.ts';
import { readUploadedSheet } from './sheet.ts';

/** Imports with at most this many rows are written inside the request; larger ones by the job. */
export const IMPORT_INLINE_ROWS = 500;

/** What the job keeps: where the file is and who imports it, never the rows. */
export interface ImportJobPayload {
  urls: string[];
  companySysCode: string;
  userId: number;
  ip: string;
  /** the company's import lock key (gate.ts): the job holds it while queued or running */
  slot: string;
  /** when the request enqueued it (ctx.clock), for IMPORT_JOB_HOLD_MS */
  enqueuedAt: string;
}

/** No session stands behind a job: its actor is read afresh (a sessionId no session has). */
const JOB_SESSION_ID = 0;

export const importUsersJob = defineJob<ImportJobPayload>(IMPORT_JOB_KIND, {
  title: '导入学员',
  concurrency: 1,
  // a failure is final: a re-plan that finds errors stays wrong, and the company's slot must be
  // let go at once; the importer fixes the file and imports again
  maxAttempts: 1,
  run: (job, tools) => runImportJob(job, tools),
});

async function runImportJob(job: JobRecord<ImportJobPayload>, { ctx, progress, log }: JobTools): Promise<void> {
  const p = job.payload;
  if (ctx.clock.now().getTime() - new Date(p.enqueuedAt).getTime() > IMPORT_JOB_HOLD_MS) throw appError('IMPORT_JOB_EXPIRED');
  // the importer as they are now: disabled, cancelled or without the import action, nothing is written
  const data = await readActorData(ctx.db, p.userId);
  const actor = data && { ...data, sessionId: JOB_SESSION_ID };
  if (!actor || actor.mustChangePassword || !hasAction(actor, Perm.UserImportExport)) throw forbidden();
  const caller: Caller = {
    ctx,
    actor,
    scope: tenantScope(actor),
    ip: p.ip,
    requestId: `job:${job.id}`,
    log,
    now: ctx.clock.now(),
    // a job has no browser
    userAgent: '',
  };
  await progress(5);
  // the process's one-workbook-at-a-time turn, however many requests wait for it
  await inProcessTurn(
    ctx,
    async () => {
      const sheet = await readUploadedSheet(caller, p.urls);
      await progress(25);
      const plan = await planImport(caller, sheet, p.companySysCode);
      await progress(60);
      // errors found now (the data changed since the check): IMPORT_INVALID with the first ones
      // becomes the job's last error, nothing is written
      await runImport(caller, plan, { jobId: job.id });
    },
    Number.POSITIVE_INFINITY,
  );
}

/**
 * SaveExportIn: the check in the request (errors answer at once, nothing written); a small file
 * is written at once, a large one is handed to the job (enqueued while the company's lock is
 * held, so a second import cannot slip in between).
 */
export async function saveImport(
  caller: Caller,
  input: z.output<typeof importBody>,
): Promise<({ kind: 'done' } & ImportResult) | ({ kind: 'started' } & ImportJobStarted)> {
  return withImportSlot(caller, async () => {
    const plan = await planImport(caller, await readUploadedSheet(caller, input.urls), input.companySysCode);
    if (plan.errors.length || plan.rows.length <= IMPORT_INLINE_ROWS) return { kind: 'done' as const, ...(await runImport(caller, plan)) };
    return { kind: 'started' as const, ...(await startImportJob(caller, input, plan)) };
  });
}

async function startImportJob(caller: Caller, input: z.output<typeof importBody>, plan: ImportPlan): Promise<ImportJobStarted> {
  const actor = requireActor(caller);
  const payload: ImportJobPayload = {
    urls: input.urls,
    companySysCode: input.companySysCode,
    userId: actor.userId,
    ip: caller.ip,
    slot: importLockKey(actor),
    enqueuedAt: caller.now.toISOString(),
  };
  const jobId = await inTransaction(caller, (tx) => enqueueJob(tx, importUsersJob, payload, { now: caller.now }));
  // no dedupe key: enqueueJob always stores the job
  return { jobId: jobId as number, rows: plan.rows.length };
}

const STATUS: Record<string, ImportJobView['status']> = {
  [JobStatus.Queued]: 'waiting',
  [JobStatus.Running]: 'running',
  [JobStatus.Done]: 'done',
  [JobStatus.Failed]: 'failed',
};

/** GetImportJob: how the caller's own import job stands; anyone else's answers like a missing one. */
export async function importJobStatus(caller: Caller, jobId: number): Promise<ImportJobView> {
  const actor = requireActor(caller);
  const row = await findJob(caller.ctx.db, jobId);
  if (!row || row.kind !== IMPORT_JOB_KIND || (row.payload as Partial<ImportJobPayload>).userId !== actor.userId)
    throw appError('IMPORT_JOB_NOT_FOUND');
  const result = (row.result ?? {}) as Partial<ImportResult>;
  const status = STATUS[row.status] ?? 'waiting';
  return {
    status,
    progress: row.progress,
    added: result.added ?? 0,
    updated: result.updated ?? 0,
    error: status === 'failed' ? (row.lastError ?? '') : '',
  };
}
