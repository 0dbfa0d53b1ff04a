-- Stored uploads with owners, purpose and status (quotas, private files, purge of temporary uploads; issue 9 item 6, issue 10 item 5).
CREATE TABLE "platform_file" (
	"id" serial PRIMARY KEY NOT NULL,
	"storage_key" text NOT NULL,
	"owner_user_id" integer,
	"owner_company_sys_code" text,
	"purpose" text NOT NULL,
	"status" text DEFAULT 'temp' NOT NULL,
	"visibility" text DEFAULT 'public' NOT NULL,
	"size" bigint NOT NULL,
	"content_type" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"attached_at" timestamp with time zone,
	CONSTRAINT "platform_file_storage_key_unique" UNIQUE("storage_key")
);
ALTER TABLE "platform_file" ADD CONSTRAINT "platform_file_owner_user_id_app_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."app_user"("id") ON DELETE set null ON UPDATE no action;
CREATE INDEX "platform_file_owner_user_idx" ON "platform_file" USING btree ("owner_user_id");
CREATE INDEX "platform_file_owner_company_idx" ON "platform_file" USING btree ("owner_company_sys_code");
CREATE INDEX "platform_file_status_idx" ON "platform_file" USING btree ("status","created_at");
