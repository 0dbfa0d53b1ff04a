-- Training resources and media (issue 11): directories, resources with the audit workflow and
-- history, uploaded media and renditions. See docs/adr/0012-resources-audit-and-media.md.
CREATE TABLE "train_media" (
	"id" serial PRIMARY KEY NOT NULL,
	"media_code" text NOT NULL,
	"company_sys_code" text,
	"owner_user_id" integer,
	"kind" text NOT NULL,
	"source_key" text NOT NULL,
	"ext" text NOT NULL,
	"mime" text NOT NULL,
	"original_name" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"width" integer DEFAULT 0 NOT NULL,
	"height" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'uploaded' NOT NULL,
	"progress" integer DEFAULT 0 NOT NULL,
	"error" text DEFAULT '' NOT NULL,
	"renditions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL,
	CONSTRAINT "train_media_media_code_unique" UNIQUE("media_code")
);

CREATE TABLE "train_res_audit" (
	"id" serial PRIMARY KEY NOT NULL,
	"res_id" integer NOT NULL,
	"action" text NOT NULL,
	"from_status" integer NOT NULL,
	"to_status" integer NOT NULL,
	"comment" text DEFAULT '' NOT NULL,
	"user_id" integer,
	"user_name" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone NOT NULL
);

CREATE TABLE "train_resdir" (
	"id" serial PRIMARY KEY NOT NULL,
	"d_code" text NOT NULL,
	"d_name" text NOT NULL,
	"d_no" text NOT NULL,
	"dp_no" text DEFAULT '00' NOT NULL,
	"company_sys_code" text,
	"sort" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "train_resdir_d_code_unique" UNIQUE("d_code"),
	CONSTRAINT "train_resdir_d_no_unique" UNIQUE("d_no")
);

CREATE TABLE "train_res" (
	"id" serial PRIMARY KEY NOT NULL,
	"res_code" text NOT NULL,
	"company_sys_code" text,
	"d_code" text NOT NULL,
	"res_name" text NOT NULL,
	"introduce" text DEFAULT '' NOT NULL,
	"cover" text DEFAULT '' NOT NULL,
	"lecturer_code" text DEFAULT '' NOT NULL,
	"res_type" integer NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"media_id" text DEFAULT '' NOT NULL,
	"credit_hours" numeric(8, 2) DEFAULT 0 NOT NULL,
	"duration" integer DEFAULT 0 NOT NULL,
	"is_private" integer DEFAULT 0 NOT NULL,
	"recommend_cate" integer DEFAULT 0 NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"view_cnt" integer DEFAULT 0 NOT NULL,
	"audit_status" integer DEFAULT 0 NOT NULL,
	"live" jsonb,
	"created_by" integer,
	"submitted_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "train_res_res_code_unique" UNIQUE("res_code")
);

CREATE INDEX "train_media_owner_idx" ON "train_media" USING btree ("owner_user_id");

CREATE INDEX "train_res_audit_res_idx" ON "train_res_audit" USING btree ("res_id","id");

CREATE INDEX "train_resdir_parent_idx" ON "train_resdir" USING btree ("dp_no","sort");

CREATE INDEX "train_res_dir_idx" ON "train_res" USING btree ("d_code","sort");

CREATE INDEX "train_res_company_idx" ON "train_res" USING btree ("company_sys_code","audit_status");

-- directory numbers (dNo) '0001', '0002', …; '00' is the virtual root
CREATE SEQUENCE "train_resdir_no_seq";
