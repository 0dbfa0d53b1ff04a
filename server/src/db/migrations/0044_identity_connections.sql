-- Issue 41 (ADR 0055): a company's identity connections (身份源). settings: what the page may show
-- again; secret: the sealed credential (AES-256-GCM under CONNECTION_SECRET_KEY, never the key).
CREATE TABLE "identity_connection" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_sys_code" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"settings" jsonb NOT NULL,
	"secret" text,
	"created_by" integer,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
ALTER TABLE "identity_connection" ADD CONSTRAINT "identity_connection_company_sys_code_company_company_sys_code_fk" FOREIGN KEY ("company_sys_code") REFERENCES "public"."company"("company_sys_code") ON DELETE restrict ON UPDATE no action;
ALTER TABLE "identity_connection" ADD CONSTRAINT "identity_connection_created_by_app_user_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
CREATE UNIQUE INDEX "identity_connection_name_uq" ON "identity_connection" USING btree ("company_sys_code","name");
CREATE INDEX "identity_connection_kind_idx" ON "identity_connection" USING btree ("kind","enabled");
