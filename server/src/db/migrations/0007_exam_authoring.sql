-- Exam authoring (issue 12): question bank and directories, papers, exams, participants;
-- attempt tables (ex_userpaper, ex_userpaperquestion) that exam taking (issue 14) fills. See docs/adr/0007-*.
CREATE TABLE "ex_examparticipant" (
	"exam_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	CONSTRAINT "ex_examparticipant_exam_id_kind_ref_id_pk" PRIMARY KEY("exam_id","kind","ref_id")
);

CREATE TABLE "ex_examuser" (
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"score" numeric(8, 2),
	"attempts" integer DEFAULT 0 NOT NULL,
	"source" text DEFAULT 'user' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ex_examuser_exam_id_user_id_pk" PRIMARY KEY("exam_id","user_id")
);

CREATE TABLE "ex_exam" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_code" text NOT NULL,
	"company_sys_code" text NOT NULL,
	"exam_name" text NOT NULL,
	"exam_intrduce" text DEFAULT '' NOT NULL,
	"paper_id" integer NOT NULL,
	"time" integer NOT NULL,
	"exam_start_time" timestamp with time zone NOT NULL,
	"exam_end_time" timestamp with time zone NOT NULL,
	"pass_score" numeric(8, 2) DEFAULT 60 NOT NULL,
	"is_allow" integer DEFAULT 0 NOT NULL,
	"is_allow_count" integer DEFAULT 1 NOT NULL,
	"is_allowed_view_answer" integer DEFAULT 0 NOT NULL,
	"is_confidential" integer DEFAULT 0 NOT NULL,
	"is_shuffle_question" integer DEFAULT 0 NOT NULL,
	"is_shuffle_option" integer DEFAULT 0 NOT NULL,
	"must_complete_before_study" integer DEFAULT 0 NOT NULL,
	"is_partial_credit" integer DEFAULT 0 NOT NULL,
	"project_code" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"published_at" timestamp with time zone,
	"closed_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ex_exam_exam_code_unique" UNIQUE("exam_code")
);

CREATE TABLE "ex_paperquestion" (
	"paper_id" integer NOT NULL,
	"q_code" text NOT NULL,
	"sort_order" integer NOT NULL,
	"score" numeric(8, 2) NOT NULL,
	CONSTRAINT "ex_paperquestion_paper_id_q_code_pk" PRIMARY KEY("paper_id","q_code")
);

CREATE TABLE "ex_paperrule" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_id" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"q_type" integer NOT NULL,
	"dir_code" text DEFAULT '' NOT NULL,
	"count" integer NOT NULL,
	"score" numeric(8, 2) NOT NULL
);

CREATE TABLE "ex_paper" (
	"id" serial PRIMARY KEY NOT NULL,
	"paper_code" text NOT NULL,
	"company_sys_code" text NOT NULL,
	"paper_name" text NOT NULL,
	"paper_intrduce" text DEFAULT '' NOT NULL,
	"paper_type" integer NOT NULL,
	"totlescore" numeric(8, 2) DEFAULT 0 NOT NULL,
	"totleq" integer DEFAULT 0 NOT NULL,
	"type1" integer DEFAULT 0 NOT NULL,
	"type2" integer DEFAULT 0 NOT NULL,
	"type3" integer DEFAULT 0 NOT NULL,
	"type4" integer DEFAULT 0 NOT NULL,
	"type5" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ex_paper_paper_code_unique" UNIQUE("paper_code")
);

CREATE TABLE "ex_questiondir" (
	"id" serial PRIMARY KEY NOT NULL,
	"dir_code" text NOT NULL,
	"dir_name" text NOT NULL,
	"p_code" text DEFAULT '' NOT NULL,
	"company_sys_code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ex_questiondir_dir_code_unique" UNIQUE("dir_code")
);

CREATE TABLE "ex_question" (
	"id" serial PRIMARY KEY NOT NULL,
	"q_code" text NOT NULL,
	"company_sys_code" text NOT NULL,
	"dir_code" text DEFAULT '' NOT NULL,
	"q_type" integer NOT NULL,
	"q_name" text NOT NULL,
	"a" text DEFAULT '' NOT NULL,
	"b" text DEFAULT '' NOT NULL,
	"c" text DEFAULT '' NOT NULL,
	"d" text DEFAULT '' NOT NULL,
	"e" text DEFAULT '' NOT NULL,
	"f" text DEFAULT '' NOT NULL,
	"g" text DEFAULT '' NOT NULL,
	"h" text DEFAULT '' NOT NULL,
	"i" text DEFAULT '' NOT NULL,
	"answer" text NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"difficulty" integer DEFAULT 3 NOT NULL,
	"score" numeric(8, 2) DEFAULT 2 NOT NULL,
	"version" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "ex_question_q_code_unique" UNIQUE("q_code")
);

CREATE TABLE "ex_userpaperquestion" (
	"userpaper_id" integer NOT NULL,
	"q_code" text NOT NULL,
	"q_version" integer NOT NULL,
	"sort_order" integer NOT NULL,
	"q_type" integer NOT NULL,
	"q_name" text NOT NULL,
	"options" text DEFAULT '[]' NOT NULL,
	"answer" text NOT NULL,
	"analysis" text DEFAULT '' NOT NULL,
	"difficulty" integer DEFAULT 3 NOT NULL,
	"score" numeric(8, 2) NOT NULL,
	"answer_str" text,
	"answer_seq" integer DEFAULT 0 NOT NULL,
	"score_got" numeric(8, 2),
	"is_pass" integer DEFAULT 0 NOT NULL,
	"marked" integer DEFAULT 0 NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	CONSTRAINT "ex_userpaperquestion_userpaper_id_q_code_pk" PRIMARY KEY("userpaper_id","q_code")
);

CREATE TABLE "ex_userpaper" (
	"id" serial PRIMARY KEY NOT NULL,
	"exam_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"company_sys_code" text NOT NULL,
	"attempt_no" integer NOT NULL,
	"status" integer DEFAULT 20 NOT NULL,
	"seed" integer NOT NULL,
	"start_time" timestamp with time zone NOT NULL,
	"deadline" timestamp with time zone NOT NULL,
	"end_time" timestamp with time zone,
	"score" numeric(8, 2),
	"is_pass" integer DEFAULT 0 NOT NULL,
	"delay_marking_papers" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE INDEX "ex_examuser_user_idx" ON "ex_examuser" USING btree ("user_id");
CREATE INDEX "ex_exam_company_idx" ON "ex_exam" USING btree ("company_sys_code","status");
CREATE INDEX "ex_paperrule_paper_idx" ON "ex_paperrule" USING btree ("paper_id");
CREATE INDEX "ex_paper_company_idx" ON "ex_paper" USING btree ("company_sys_code");
CREATE INDEX "ex_questiondir_company_idx" ON "ex_questiondir" USING btree ("company_sys_code","p_code");
CREATE INDEX "ex_question_company_dir_idx" ON "ex_question" USING btree ("company_sys_code","dir_code","q_type");
CREATE UNIQUE INDEX "ex_userpaper_attempt_uq" ON "ex_userpaper" USING btree ("exam_id","user_id","attempt_no");
CREATE UNIQUE INDEX "ex_userpaper_open_uq" ON "ex_userpaper" USING btree ("exam_id","user_id") WHERE status = 20;
CREATE INDEX "ex_userpaper_deadline_idx" ON "ex_userpaper" USING btree ("status","deadline");