-- A job's outcome for whoever follows it (ADR 0026): e.g. a user import's { added, updated },
-- written in the same transaction as the job's work. null until the job stores one.
ALTER TABLE "platform_job" ADD COLUMN "result" jsonb;
