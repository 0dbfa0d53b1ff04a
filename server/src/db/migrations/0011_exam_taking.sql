-- Exam taking, marking and results (issue 14, ADR 0011a): review flags, who marked a short answer
-- and when, whether the deadline (not the learner) submitted an attempt; indexes for the result
-- list, the marking queue and the learner's own attempts.
ALTER TABLE "ex_userpaperquestion" ADD COLUMN "flagged" integer DEFAULT 0 NOT NULL;
ALTER TABLE "ex_userpaperquestion" ADD COLUMN "marked_by" integer;
ALTER TABLE "ex_userpaperquestion" ADD COLUMN "marked_at" timestamp with time zone;
ALTER TABLE "ex_userpaper" ADD COLUMN "auto_submitted" integer DEFAULT 0 NOT NULL;
CREATE INDEX "ex_userpaper_exam_idx" ON "ex_userpaper" USING btree ("exam_id","status");
CREATE INDEX "ex_userpaper_user_idx" ON "ex_userpaper" USING btree ("user_id","exam_id");
