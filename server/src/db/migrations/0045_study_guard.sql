-- Issue 44 (ADR 0058): the study guard. The viewing session keeps the learner's last reported
-- activity, a waiting presence check and the next random check's time; a company's settings
-- (anti-idle minutes, random checks, watermark); a course's watermark switch.
ALTER TABLE "res_view_session" ADD COLUMN "active_at" timestamp with time zone;
ALTER TABLE "res_view_session" ADD COLUMN "check_code" integer;
ALTER TABLE "res_view_session" ADD COLUMN "check_at" timestamp with time zone;
ALTER TABLE "train_res" ADD COLUMN "watermark" integer DEFAULT 0 NOT NULL;
CREATE TABLE "course_study_setting" (
	"company_sys_code" text PRIMARY KEY NOT NULL,
	"idle_minutes" integer DEFAULT 10 NOT NULL,
	"random_check" integer DEFAULT 0 NOT NULL,
	"watermark" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
ALTER TABLE "course_study_setting" ADD CONSTRAINT "course_study_setting_company_sys_code_company_company_sys_code_fk" FOREIGN KEY ("company_sys_code") REFERENCES "public"."company"("company_sys_code") ON DELETE cascade ON UPDATE no action;
