-- Issue 26 item 1 (ADR 0043): practice (练习) and the wrong-question book (错题本).
-- A practice opens a question directory (source_kind 1) or a paper (2) of its company to the
-- people, departments and posts it picks (the participant model of exams, ADR 0007).
CREATE TABLE "ex_practice" (
	"id" serial PRIMARY KEY NOT NULL,
	"practice_code" text NOT NULL,
	"company_sys_code" text NOT NULL,
	"practice_name" text NOT NULL,
	"source_kind" integer NOT NULL,
	"source_code" text NOT NULL,
	"clear_streak" integer DEFAULT 2 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ex_practice_practice_code_unique" UNIQUE("practice_code")
);
ALTER TABLE "ex_practice" ADD CONSTRAINT "ex_practice_company_sys_code_company_company_sys_code_fk" FOREIGN KEY ("company_sys_code") REFERENCES "public"."company"("company_sys_code") ON DELETE restrict ON UPDATE no action;
ALTER TABLE "ex_practice" ADD CONSTRAINT "ex_practice_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
CREATE INDEX "ex_practice_company_idx" ON "ex_practice" USING btree ("company_sys_code","status");

CREATE TABLE "ex_practiceparticipant" (
	"practice_id" integer NOT NULL,
	"kind" text NOT NULL,
	"ref_id" integer NOT NULL,
	CONSTRAINT "ex_practiceparticipant_practice_id_kind_ref_id_pk" PRIMARY KEY("practice_id","kind","ref_id")
);
ALTER TABLE "ex_practiceparticipant" ADD CONSTRAINT "ex_practiceparticipant_practice_id_ex_practice_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."ex_practice"("id") ON DELETE cascade ON UPDATE no action;

-- the learner's last answer to each question of a practice (resume); is_right null: the key was
-- hidden when it was answered (the question is in an exam the learner can still take)
CREATE TABLE "ex_practiceanswer" (
	"practice_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"q_code" text NOT NULL,
	"answer" text NOT NULL,
	"is_right" integer,
	"answered_at" timestamp with time zone NOT NULL,
	CONSTRAINT "ex_practiceanswer_practice_id_user_id_q_code_pk" PRIMARY KEY("practice_id","user_id","q_code")
);
ALTER TABLE "ex_practiceanswer" ADD CONSTRAINT "ex_practiceanswer_practice_id_ex_practice_id_fk" FOREIGN KEY ("practice_id") REFERENCES "public"."ex_practice"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "ex_practiceanswer" ADD CONSTRAINT "ex_practiceanswer_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;

-- the 错题本: one row per learner, question and source (practice | exam)
CREATE TABLE "ex_wrongbook" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"company_sys_code" text NOT NULL,
	"q_code" text NOT NULL,
	"source_kind" text NOT NULL,
	"source_code" text NOT NULL,
	"source_name" text NOT NULL,
	"last_answer" text DEFAULT '' NOT NULL,
	"right_streak" integer DEFAULT 0 NOT NULL,
	"clear_streak" integer DEFAULT 2 NOT NULL,
	"added_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
ALTER TABLE "ex_wrongbook" ADD CONSTRAINT "ex_wrongbook_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "ex_wrongbook" ADD CONSTRAINT "ex_wrongbook_company_sys_code_company_company_sys_code_fk" FOREIGN KEY ("company_sys_code") REFERENCES "public"."company"("company_sys_code") ON DELETE cascade ON UPDATE no action;
CREATE UNIQUE INDEX "ex_wrongbook_entry_uq" ON "ex_wrongbook" USING btree ("user_id","source_kind","source_code","q_code");
CREATE INDEX "ex_wrongbook_user_q_idx" ON "ex_wrongbook" USING btree ("user_id","q_code");

-- submitted attempts whose wrong questions went into the book (once, when its answers may be shown)
CREATE TABLE "ex_wrongbook_attempt" (
	"userpaper_id" integer PRIMARY KEY NOT NULL,
	"taken_at" timestamp with time zone NOT NULL
);
ALTER TABLE "ex_wrongbook_attempt" ADD CONSTRAINT "ex_wrongbook_attempt_userpaper_id_ex_userpaper_id_fk" FOREIGN KEY ("userpaper_id") REFERENCES "public"."ex_userpaper"("id") ON DELETE cascade ON UPDATE no action;
