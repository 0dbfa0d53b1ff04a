-- Issue 26 item 3 (ADR 0040): leaving the exam page is seen and limited. leave_limit: how many
-- times a learner may leave the page (hidden tab, lost focus, exit full screen) before the server
-- submits the attempt (0 = not monitored); require_full_screen: the page asks for full screen.
ALTER TABLE "ex_exam" ADD COLUMN "leave_limit" integer NOT NULL DEFAULT 0;
ALTER TABLE "ex_exam" ADD COLUMN "require_full_screen" integer NOT NULL DEFAULT 0;
-- the leaves the server counted for the attempt (one per client event id, see below)
ALTER TABLE "ex_userpaper" ADD COLUMN "leave_count" integer NOT NULL DEFAULT 0;
-- Each leave the page reported, once per (attempt, client event id): a retry after the page was
-- offline is not counted twice. left_at is the page's clock when it happened, received_at the
-- server's when it arrived.
CREATE TABLE "ex_userpaper_leave" (
  "userpaper_id" integer NOT NULL REFERENCES "ex_userpaper"("id") ON DELETE CASCADE,
  "event_id" text NOT NULL,
  "kind" text NOT NULL,
  "left_at" timestamp with time zone NOT NULL,
  "received_at" timestamp with time zone NOT NULL,
  PRIMARY KEY ("userpaper_id", "event_id")
);
