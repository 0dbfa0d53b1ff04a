-- Issue 23 item 3: the page (a random id per page load) that holds an open attempt — the last one
-- that opened it or took it over. SaveAnswer from another page is refused (ATTEMPT_TAKEN_OVER);
-- null: opened only by clients that send no holder (they save as before).
ALTER TABLE "ex_userpaper" ADD COLUMN "holder" text;
