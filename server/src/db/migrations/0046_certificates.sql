-- Issue 42 (certificates): definitions and their issue rules, issued certificates (one per definition,
-- holder and source; a number and a 128-bit verification code each), the number sequence per prefix and year.
CREATE TABLE "cert_definition" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_sys_code" text NOT NULL,
	"name" text NOT NULL,
	"template" text NOT NULL,
	"prefix" text NOT NULL,
	"validity_months" integer DEFAULT 0 NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
CREATE TABLE "cert_issued" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"company_sys_code" text NOT NULL,
	"user_id" integer NOT NULL,
	"holder_name" text NOT NULL,
	"number" text NOT NULL,
	"code" text NOT NULL,
	"source" text NOT NULL,
	"score" numeric(8, 2),
	"issued_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"revoked_at" timestamp with time zone,
	"revoke_reason" text DEFAULT '' NOT NULL,
	"revoke_kind" text DEFAULT '' NOT NULL,
	"revoked_by" integer,
	"issued_by" integer
);
CREATE TABLE "cert_rule" (
	"id" serial PRIMARY KEY NOT NULL,
	"definition_id" integer NOT NULL,
	"kind" text NOT NULL,
	"exam_id" integer,
	"min_score" numeric(8, 2),
	CONSTRAINT "cert_rule_exam_ck" CHECK ("cert_rule"."kind" <> 'exam' or "cert_rule"."exam_id" is not null)
);
CREATE TABLE "cert_sequence" (
	"prefix" text NOT NULL,
	"year" integer NOT NULL,
	"last" integer NOT NULL,
	CONSTRAINT "cert_sequence_prefix_year_pk" PRIMARY KEY("prefix","year")
);
ALTER TABLE "cert_definition" ADD CONSTRAINT "cert_definition_company_sys_code_company_company_sys_code_fk" FOREIGN KEY ("company_sys_code") REFERENCES "public"."company"("company_sys_code") ON DELETE restrict ON UPDATE no action;
ALTER TABLE "cert_definition" ADD CONSTRAINT "cert_definition_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "cert_issued" ADD CONSTRAINT "cert_issued_definition_id_cert_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."cert_definition"("id") ON DELETE restrict ON UPDATE no action;
ALTER TABLE "cert_issued" ADD CONSTRAINT "cert_issued_company_sys_code_company_company_sys_code_fk" FOREIGN KEY ("company_sys_code") REFERENCES "public"."company"("company_sys_code") ON DELETE restrict ON UPDATE no action;
ALTER TABLE "cert_issued" ADD CONSTRAINT "cert_issued_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE restrict ON UPDATE no action;
ALTER TABLE "cert_issued" ADD CONSTRAINT "cert_issued_revoked_by_app_user_id_fk" FOREIGN KEY ("revoked_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "cert_issued" ADD CONSTRAINT "cert_issued_issued_by_app_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
ALTER TABLE "cert_rule" ADD CONSTRAINT "cert_rule_definition_id_cert_definition_id_fk" FOREIGN KEY ("definition_id") REFERENCES "public"."cert_definition"("id") ON DELETE cascade ON UPDATE no action;
ALTER TABLE "cert_rule" ADD CONSTRAINT "cert_rule_exam_id_ex_exam_id_fk" FOREIGN KEY ("exam_id") REFERENCES "public"."ex_exam"("id") ON DELETE cascade ON UPDATE no action;
CREATE UNIQUE INDEX "cert_definition_name_uq" ON "cert_definition" USING btree ("company_sys_code","name");
CREATE UNIQUE INDEX "cert_issued_number_uq" ON "cert_issued" USING btree ("number");
CREATE UNIQUE INDEX "cert_issued_code_uq" ON "cert_issued" USING btree ("code");
CREATE UNIQUE INDEX "cert_issued_source_uq" ON "cert_issued" USING btree ("definition_id","user_id","source");
CREATE INDEX "cert_issued_user_idx" ON "cert_issued" USING btree ("user_id");
CREATE INDEX "cert_issued_company_idx" ON "cert_issued" USING btree ("company_sys_code","definition_id");
CREATE INDEX "cert_rule_exam_idx" ON "cert_rule" USING btree ("exam_id");
CREATE INDEX "cert_rule_definition_idx" ON "cert_rule" USING btree ("definition_id");
