-- Guessing counters and step secrets live in the database, not only in the cache (issue 9 item 5).
CREATE TABLE "sys_guard_counter" (
	"key" text PRIMARY KEY NOT NULL,
	"count" integer NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);

CREATE INDEX "sys_guard_counter_expires_idx" ON "sys_guard_counter" USING btree ("expires_at");

CREATE TABLE "sys_step_secret" (
	"key" text PRIMARY KEY NOT NULL,
	"data" jsonb NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);

CREATE INDEX "sys_step_secret_expires_idx" ON "sys_step_secret" USING btree ("expires_at");
