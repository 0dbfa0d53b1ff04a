-- Issue 22 item 6: SaveAnswer's seq is the client's increasing save number; the contract allows
-- any positive safe integer (up to 2^53 − 1) and the web client derives it from a clock, so the
-- column holds what the contract accepts instead of failing above 2^31 − 1 with a 500.
ALTER TABLE "ex_userpaperquestion" ALTER COLUMN "answer_seq" SET DATA TYPE bigint;
