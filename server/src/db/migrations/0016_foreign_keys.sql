-- Foreign keys with explicit delete rules (issue 10 item 7). People, organisations, posts and
-- roles belong to a company that is never deleted (only disabled): RESTRICT. Links that only
-- describe a parent (role grants, sessions, messages, department-post pairs, attachments) go
-- with it: CASCADE. The audit log outlives its actor: SET NULL. A person's department and post
-- must be moved before those are deleted (the services refuse with a message first): RESTRICT.
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_org_fk" FOREIGN KEY ("org_id") REFERENCES "org"("id") ON DELETE RESTRICT;
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_post_fk" FOREIGN KEY ("post_id") REFERENCES "post"("id") ON DELETE RESTRICT;
ALTER TABLE "app_user" ADD CONSTRAINT "app_user_part_time_post_fk" FOREIGN KEY ("part_time_post_id") REFERENCES "post"("id") ON DELETE RESTRICT;
ALTER TABLE "role" ADD CONSTRAINT "role_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_user_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE;
ALTER TABLE "user_role" ADD CONSTRAINT "user_role_role_fk" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE;
ALTER TABLE "role_action" ADD CONSTRAINT "role_action_role_fk" FOREIGN KEY ("role_id") REFERENCES "role"("id") ON DELETE CASCADE;
ALTER TABLE "role_action" ADD CONSTRAINT "role_action_action_fk" FOREIGN KEY ("action_id") REFERENCES "sys_action"("id") ON DELETE CASCADE;
ALTER TABLE "user_session" ADD CONSTRAINT "session_user_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE;
ALTER TABLE "org" ADD CONSTRAINT "org_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "post" ADD CONSTRAINT "post_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "org_post" ADD CONSTRAINT "org_post_org_fk" FOREIGN KEY ("org_id") REFERENCES "org"("id") ON DELETE CASCADE;
ALTER TABLE "org_post" ADD CONSTRAINT "org_post_post_fk" FOREIGN KEY ("post_id") REFERENCES "post"("id") ON DELETE CASCADE;
ALTER TABLE "sys_message" ADD CONSTRAINT "message_user_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE;
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_actor_fk" FOREIGN KEY ("actor_user_id") REFERENCES "app_user"("id") ON DELETE SET NULL;
ALTER TABLE "sys_notice" ADD CONSTRAINT "notice_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "sys_notice_enclosure" ADD CONSTRAINT "notice_enclosure_notice_fk" FOREIGN KEY ("notice_id") REFERENCES "sys_notice"("id") ON DELETE CASCADE;
ALTER TABLE "sys_regulation_doc" ADD CONSTRAINT "sys_regulation_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
