-- Durable background jobs (platform/jobs, ADR 0005) and the schedule rows that make cron-like jobs run once across processes.
CREATE TABLE "platform_job" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"payload" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"status" text DEFAULT 'queued' NOT NULL,
	"run_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"max_attempts" integer DEFAULT 3 NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"dedupe_key" text,
	"locked_by" text,
	"locked_until" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);

CREATE TABLE "platform_job_schedule" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL
);

CREATE INDEX "platform_job_due_idx" ON "platform_job" USING btree ("status","run_at");
CREATE UNIQUE INDEX "platform_job_dedupe_idx" ON "platform_job" USING btree ("kind","dedupe_key") WHERE "platform_job"."dedupe_key" is not null and "platform_job"."status" in ('queued', 'running');
