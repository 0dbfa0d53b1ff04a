CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"actor_user_id" integer,
	"actor_name" text DEFAULT '' NOT NULL,
	"company_sys_code" text,
	"action" text NOT NULL,
	"target" text DEFAULT '' NOT NULL,
	"detail" jsonb,
	"ip" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "sys_message" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"title" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"templete_type" integer DEFAULT 1 NOT NULL,
	"message_url" text DEFAULT '' NOT NULL,
	"is_read" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"read_at" timestamp with time zone
);

CREATE TABLE "company" (
	"id" serial PRIMARY KEY NOT NULL,
	"company_sys_code" text NOT NULL,
	"company_code" text NOT NULL,
	"company_name" text NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"contact_name" text DEFAULT '' NOT NULL,
	"contact_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_company_sys_code_unique" UNIQUE("company_sys_code"),
	CONSTRAINT "company_company_code_unique" UNIQUE("company_code")
);

CREATE TABLE "org_post" (
	"org_id" integer NOT NULL,
	"post_id" integer NOT NULL,
	CONSTRAINT "org_post_org_id_post_id_pk" PRIMARY KEY("org_id","post_id")
);

CREATE TABLE "org" (
	"id" serial PRIMARY KEY NOT NULL,
	"org_code" text NOT NULL,
	"org_name" text NOT NULL,
	"p_id" integer DEFAULT 0 NOT NULL,
	"company_sys_code" text NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "org_org_code_unique" UNIQUE("org_code")
);

CREATE TABLE "post" (
	"id" serial PRIMARY KEY NOT NULL,
	"post_code" text NOT NULL,
	"post_name" text NOT NULL,
	"importance" integer DEFAULT 0 NOT NULL,
	"company_sys_code" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "post_post_code_unique" UNIQUE("post_code")
);

CREATE TABLE "sys_action" (
	"id" serial PRIMARY KEY NOT NULL,
	"parent_id" integer DEFAULT 0 NOT NULL,
	"name" text NOT NULL,
	"type" integer NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"icon" text DEFAULT '' NOT NULL,
	"need_action" integer DEFAULT 1 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"is_hidden" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"code" text NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_action_code_unique" UNIQUE("code")
);

CREATE TABLE "role_action" (
	"role_id" integer NOT NULL,
	"action_id" integer NOT NULL,
	CONSTRAINT "role_action_role_id_action_id_pk" PRIMARY KEY("role_id","action_id")
);

CREATE TABLE "role" (
	"id" serial PRIMARY KEY NOT NULL,
	"code" text NOT NULL,
	"role_name" text NOT NULL,
	"sys_role_enum" integer DEFAULT 0 NOT NULL,
	"company_sys_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "role_code_unique" UNIQUE("code")
);

CREATE TABLE "user_session" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL
);

CREATE TABLE "user_role" (
	"user_id" integer NOT NULL,
	"role_id" integer NOT NULL,
	CONSTRAINT "user_role_user_id_role_id_pk" PRIMARY KEY("user_id","role_id")
);

CREATE TABLE "app_user" (
	"id" serial PRIMARY KEY NOT NULL,
	"account_code" text NOT NULL,
	"chn_name" text NOT NULL,
	"id_card" text DEFAULT '' NOT NULL,
	"mobile" text DEFAULT '' NOT NULL,
	"sex" integer DEFAULT 0 NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"qq" text DEFAULT '' NOT NULL,
	"we_chat" text DEFAULT '' NOT NULL,
	"head_image" text DEFAULT '' NOT NULL,
	"user_type" text DEFAULT 'ComPanyUser' NOT NULL,
	"company_sys_code" text,
	"org_id" integer,
	"post_id" integer,
	"part_time_post_id" integer,
	"job_num" text DEFAULT '' NOT NULL,
	"ss_no" text DEFAULT '' NOT NULL,
	"ss_addr" text DEFAULT '' NOT NULL,
	"ss_state" text DEFAULT '' NOT NULL,
	"valid_date" timestamp with time zone,
	"status" integer DEFAULT 1 NOT NULL,
	"password_hash" text,
	"activated_at" timestamp with time zone,
	"must_change_password" boolean DEFAULT false NOT NULL,
	"cancelled_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "app_user_account_code_unique" UNIQUE("account_code")
);

CREATE INDEX "audit_created_idx" ON "audit_log" USING btree ("created_at");
CREATE INDEX "message_user_read_idx" ON "sys_message" USING btree ("user_id","is_read");
CREATE INDEX "org_company_idx" ON "org" USING btree ("company_sys_code","p_id");
CREATE UNIQUE INDEX "post_company_name_uq" ON "post" USING btree ("company_sys_code","post_name");
CREATE UNIQUE INDEX "session_token_uq" ON "user_session" USING btree ("token_hash");
CREATE INDEX "session_user_idx" ON "user_session" USING btree ("user_id");
CREATE INDEX "user_mobile_idx" ON "app_user" USING btree ("mobile");
CREATE INDEX "user_id_card_idx" ON "app_user" USING btree ("id_card");
CREATE INDEX "user_company_idx" ON "app_user" USING btree ("company_sys_code","org_id");