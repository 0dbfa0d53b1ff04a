-- Issue 22 item 2 (ADR 0011a §5): when a learner sees the answers of their result becomes a
-- choice of four (afterEach, afterLast, afterClose, never). The old flag becomes the setting:
-- 0 never; 1 the safe rule, after the last attempt (the old behaviour, after each attempt, let a
-- learner read the key and retake). isAllowedViewAnswer is derived from it on the wire.
ALTER TABLE "ex_exam" ADD COLUMN "answer_review" text DEFAULT 'afterLast' NOT NULL;
UPDATE "ex_exam" SET "answer_review" = 'never' WHERE "is_allowed_view_answer" = 0;
ALTER TABLE "ex_exam" DROP COLUMN "is_allowed_view_answer";
