-- Issue 42 (ADR 0059): a certificate's rule may name a training project (completing it issues).
ALTER TABLE "cert_rule" ADD COLUMN "project_id" integer;
ALTER TABLE "cert_rule" ADD CONSTRAINT "cert_rule_project_ck" CHECK ("cert_rule"."kind" <> 'project' or "cert_rule"."project_id" is not null);
ALTER TABLE "cert_rule" ADD CONSTRAINT "cert_rule_project_id_project_project_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."project_project"("id") ON DELETE cascade ON UPDATE no action;
CREATE INDEX "cert_rule_project_idx" ON "cert_rule" USING btree ("project_id");
