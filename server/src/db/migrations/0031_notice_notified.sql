-- Only a notice's first publication messages its people (issue 21 item 8): the time it did is kept.
-- Notices published before this migration have messaged their people already.
ALTER TABLE "sys_notice" ADD COLUMN "notified_at" timestamp with time zone;
UPDATE "sys_notice" SET "notified_at" = coalesce("release_time", "updated_at") WHERE "status" = 2;
