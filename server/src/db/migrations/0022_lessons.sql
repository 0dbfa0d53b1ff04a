-- Lessons of a course (issue 13, ADR 0022): a video / audio resource keeps its ordered lessons
-- ({ title, mediaId, duration }) in the draft row; the approved version carries its own copy inside
-- `live`. [] = the single media_id as before. A learner's standing remembers the lesson the resume
-- position is in.
ALTER TABLE "train_res" ADD COLUMN "lessons" jsonb DEFAULT '[]'::jsonb NOT NULL;
ALTER TABLE "res_study" ADD COLUMN "last_lesson" integer DEFAULT 0 NOT NULL;
