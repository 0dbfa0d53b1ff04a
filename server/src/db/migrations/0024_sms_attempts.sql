-- Every hand-over of a text message to a real gateway (SMS_PROVIDER=aliyun / tencent), for support
-- staff: masked phone, outcome, the gateway's request id and error. sms_outbox stays for the outbox.
CREATE TABLE "sms_attempt" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"purpose" text NOT NULL,
	"phone_masked" text NOT NULL,
	"outcome" text NOT NULL,
	"request_id" text,
	"message_id" text,
	"error_code" text,
	"error_message" text,
	"duration_ms" integer NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);

CREATE INDEX "sms_attempt_phone_idx" ON "sms_attempt" USING btree ("phone_masked","id");
CREATE INDEX "sms_attempt_created_idx" ON "sms_attempt" USING btree ("created_at");
