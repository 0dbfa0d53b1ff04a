-- Foreign keys of the exam and resource-library tables (issue 10 item 7, ADR 0016): company
-- ownership RESTRICT (companies are only disabled); parts of a paper, an exam's participants and
-- assignments, an attempt's questions and a resource's audit history go with their parent
-- (CASCADE); a paper used by an exam and an exam with attempts cannot be deleted (RESTRICT: the
-- services refuse first with a message); authors and markers SET NULL; a person's assignments and
-- attempts go with the person. Questions are referred to by code from snapshots: no key there.
ALTER TABLE "ex_questiondir" ADD CONSTRAINT "ex_questiondir_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "ex_question" ADD CONSTRAINT "ex_question_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "ex_question" ADD CONSTRAINT "ex_question_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "app_user"("id") ON DELETE SET NULL;
ALTER TABLE "ex_paper" ADD CONSTRAINT "ex_paper_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "ex_paper" ADD CONSTRAINT "ex_paper_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "app_user"("id") ON DELETE SET NULL;
ALTER TABLE "ex_paperquestion" ADD CONSTRAINT "ex_paperquestion_paper_fk" FOREIGN KEY ("paper_id") REFERENCES "ex_paper"("id") ON DELETE CASCADE;
ALTER TABLE "ex_paperrule" ADD CONSTRAINT "ex_paperrule_paper_fk" FOREIGN KEY ("paper_id") REFERENCES "ex_paper"("id") ON DELETE CASCADE;
ALTER TABLE "ex_exam" ADD CONSTRAINT "ex_exam_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "ex_exam" ADD CONSTRAINT "ex_exam_paper_fk" FOREIGN KEY ("paper_id") REFERENCES "ex_paper"("id") ON DELETE RESTRICT;
ALTER TABLE "ex_exam" ADD CONSTRAINT "ex_exam_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "app_user"("id") ON DELETE SET NULL;
ALTER TABLE "ex_examparticipant" ADD CONSTRAINT "ex_examparticipant_exam_fk" FOREIGN KEY ("exam_id") REFERENCES "ex_exam"("id") ON DELETE CASCADE;
ALTER TABLE "ex_examuser" ADD CONSTRAINT "ex_examuser_exam_fk" FOREIGN KEY ("exam_id") REFERENCES "ex_exam"("id") ON DELETE CASCADE;
ALTER TABLE "ex_examuser" ADD CONSTRAINT "ex_examuser_user_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE;
ALTER TABLE "ex_userpaper" ADD CONSTRAINT "ex_userpaper_exam_fk" FOREIGN KEY ("exam_id") REFERENCES "ex_exam"("id") ON DELETE RESTRICT;
ALTER TABLE "ex_userpaper" ADD CONSTRAINT "ex_userpaper_user_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE CASCADE;
ALTER TABLE "ex_userpaper" ADD CONSTRAINT "ex_userpaper_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "ex_userpaperquestion" ADD CONSTRAINT "ex_userpaperquestion_userpaper_fk" FOREIGN KEY ("userpaper_id") REFERENCES "ex_userpaper"("id") ON DELETE CASCADE;
ALTER TABLE "ex_userpaperquestion" ADD CONSTRAINT "ex_userpaperquestion_marked_by_fk" FOREIGN KEY ("marked_by") REFERENCES "app_user"("id") ON DELETE SET NULL;
ALTER TABLE "train_resdir" ADD CONSTRAINT "train_resdir_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "train_res" ADD CONSTRAINT "train_res_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "train_res" ADD CONSTRAINT "train_res_created_by_fk" FOREIGN KEY ("created_by") REFERENCES "app_user"("id") ON DELETE SET NULL;
ALTER TABLE "train_res" ADD CONSTRAINT "train_res_submitted_by_fk" FOREIGN KEY ("submitted_by") REFERENCES "app_user"("id") ON DELETE SET NULL;
ALTER TABLE "train_res_audit" ADD CONSTRAINT "train_res_audit_res_fk" FOREIGN KEY ("res_id") REFERENCES "train_res"("id") ON DELETE CASCADE;
ALTER TABLE "train_res_audit" ADD CONSTRAINT "train_res_audit_user_fk" FOREIGN KEY ("user_id") REFERENCES "app_user"("id") ON DELETE SET NULL;
ALTER TABLE "train_media" ADD CONSTRAINT "train_media_company_fk" FOREIGN KEY ("company_sys_code") REFERENCES "company"("company_sys_code") ON DELETE RESTRICT;
ALTER TABLE "train_media" ADD CONSTRAINT "train_media_owner_fk" FOREIGN KEY ("owner_user_id") REFERENCES "app_user"("id") ON DELETE SET NULL;
