-- Administration (issue 4). People are keyed by ID number within their company: a re-import
-- updates the same person, and two concurrent imports cannot create the same person twice.
CREATE UNIQUE INDEX IF NOT EXISTS "user_company_id_card_uq" ON "app_user" USING btree ("company_sys_code", upper("id_card"))
  WHERE "id_card" <> '' AND "company_sys_code" IS NOT NULL;
CREATE INDEX IF NOT EXISTS "user_company_mobile_idx" ON "app_user" USING btree ("company_sys_code", "mobile");
CREATE INDEX IF NOT EXISTS "audit_company_created_idx" ON "audit_log" USING btree ("company_sys_code", "created_at");
CREATE INDEX IF NOT EXISTS "org_post_post_idx" ON "org_post" USING btree ("post_id");
