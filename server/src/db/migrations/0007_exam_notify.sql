-- Exam messages go out from a durable job (exams.notifyAssigned): it claims the assigned people
-- not told yet by setting notified_at, so a retried or doubled job never sends twice.
ALTER TABLE "ex_examuser" ADD COLUMN "notified_at" timestamp with time zone;
