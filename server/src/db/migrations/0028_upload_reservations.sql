-- Quota reservations of resumable uploads (issue 22 item 4): the bytes a tus upload declared, held
-- against its owner's and company's quotas until it finishes, is terminated or expires.
CREATE TABLE "platform_upload_reservation" (
	"upload_id" text PRIMARY KEY NOT NULL,
	"owner_user_id" integer NOT NULL,
	"owner_company_sys_code" text,
	"bytes" bigint NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
ALTER TABLE "platform_upload_reservation" ADD CONSTRAINT "platform_upload_reservation_owner_user_id_app_user_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "platform_upload_reservation_user_idx" ON "platform_upload_reservation" USING btree ("owner_user_id");
CREATE INDEX "platform_upload_reservation_company_idx" ON "platform_upload_reservation" USING btree ("owner_company_sys_code");
CREATE INDEX "platform_upload_reservation_expires_idx" ON "platform_upload_reservation" USING btree ("expires_at");
