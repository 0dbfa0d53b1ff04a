-- Training projects (issue 13, Project_Manage): projects, plans, ordered resources, linked exams,
-- participant picks, publish notices and enrolments with safety-training certificate attributes.
-- See docs/adr/0018-training-projects.md.
CREATE TABLE "project_project" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_code" text NOT NULL UNIQUE,
	"company_sys_code" text NOT NULL REFERENCES "company"("company_sys_code") ON DELETE RESTRICT,
	"project_name" text NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date NOT NULL,
	"check_hrs" numeric(8, 2) DEFAULT 0 NOT NULL,
	"reach_rule" integer DEFAULT 1 NOT NULL,
	"allowed_speeds" text DEFAULT '1' NOT NULL,
	"allow_seek_ahead" integer DEFAULT 0 NOT NULL,
	"open_join" integer DEFAULT 0 NOT NULL,
	"is_three_safety" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
CREATE INDEX "project_project_company_idx" ON "project_project" USING btree ("company_sys_code", "status");

CREATE TABLE "project_plan" (
	"id" serial PRIMARY KEY NOT NULL,
	"project_id" integer NOT NULL REFERENCES "project_project"("id") ON DELETE CASCADE,
	"plan_code" text NOT NULL UNIQUE,
	"plan_name" text NOT NULL,
	"start_date" date,
	"end_date" date,
	"sort" integer DEFAULT 0 NOT NULL
);
CREATE INDEX "project_plan_project_idx" ON "project_plan" USING btree ("project_id");

CREATE TABLE "project_res" (
	"project_id" integer NOT NULL REFERENCES "project_project"("id") ON DELETE CASCADE,
	"res_id" integer NOT NULL REFERENCES "train_res"("id") ON DELETE CASCADE,
	"sort" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("project_id", "res_id")
);
CREATE INDEX "project_res_res_idx" ON "project_res" USING btree ("res_id");

CREATE TABLE "project_exam" (
	"project_id" integer NOT NULL REFERENCES "project_project"("id") ON DELETE CASCADE,
	"exam_code" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("project_id", "exam_code")
);

CREATE TABLE "project_participant" (
	"project_id" integer NOT NULL REFERENCES "project_project"("id") ON DELETE CASCADE,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	PRIMARY KEY ("project_id", "kind", "ref_id")
);

CREATE TABLE "project_notice" (
	"project_id" integer NOT NULL REFERENCES "project_project"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
	"notified_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("project_id", "user_id")
);

CREATE TABLE "project_user" (
	"project_id" integer NOT NULL REFERENCES "project_project"("id") ON DELETE CASCADE,
	"user_id" integer NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
	"plan_code" text DEFAULT '' NOT NULL,
	"joined_at" timestamp with time zone NOT NULL,
	"cert_type" text DEFAULT '' NOT NULL,
	"cert_no" text DEFAULT '' NOT NULL,
	"cert_valid_from" date,
	"cert_valid_to" date,
	"attr_updated_at" timestamp with time zone,
	"attr_updated_by" integer,
	PRIMARY KEY ("project_id", "user_id")
);
CREATE INDEX "project_user_user_idx" ON "project_user" USING btree ("user_id");
