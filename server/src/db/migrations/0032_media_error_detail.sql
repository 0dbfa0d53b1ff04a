-- Issue 23 item 2: a failed transcode keeps its short Chinese reason in "error" and ffmpeg's own
-- last lines apart, for the administrator's 详情 (learners never see them).
ALTER TABLE "train_media" ADD COLUMN "error_detail" text DEFAULT '' NOT NULL;
