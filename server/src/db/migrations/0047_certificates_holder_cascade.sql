-- Issue 42 (ADR 0059): a person's certificates go with their row, as their exam attempts and
-- assignments do (ADR 0016); 0046 had made deleting such a row fail.
ALTER TABLE "cert_issued" DROP CONSTRAINT "cert_issued_user_id_app_user_id_fk";
ALTER TABLE "cert_issued" ADD CONSTRAINT "cert_issued_user_id_app_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."app_user"("id") ON DELETE cascade ON UPDATE no action;
