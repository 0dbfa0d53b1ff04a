-- Portal content: notices and attachments, links, lecturers, display models, regulations documents, site settings.
CREATE TABLE "fp_lecturer" (
	"id" serial PRIMARY KEY NOT NULL,
	"lecturer_code" text NOT NULL,
	"lecturer_name" text NOT NULL,
	"lecturer_tag" text DEFAULT '' NOT NULL,
	"brief_introduce" text DEFAULT '' NOT NULL,
	"face_url" text DEFAULT '' NOT NULL,
	"profiles_detail" text DEFAULT '' NOT NULL,
	"videos" text DEFAULT '[]' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fp_lecturer_lecturer_code_unique" UNIQUE("lecturer_code")
);

CREATE TABLE "fp_link" (
	"id" serial PRIMARY KEY NOT NULL,
	"link_code" text NOT NULL,
	"link_name" text NOT NULL,
	"link_type" integer NOT NULL,
	"pc_banner" text DEFAULT '' NOT NULL,
	"pc_link_name" text DEFAULT '' NOT NULL,
	"pc_link_url" text DEFAULT '' NOT NULL,
	"pc_cover_url_path" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fp_link_link_code_unique" UNIQUE("link_code")
);

CREATE TABLE "fp_modelinfo" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_code" text NOT NULL,
	"model_name" text NOT NULL,
	"model_desc" text DEFAULT '' NOT NULL,
	"client_type" integer DEFAULT 2 NOT NULL,
	"image_url" text DEFAULT '' NOT NULL,
	"link_url" text DEFAULT '' NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "fp_modelinfo_model_code_unique" UNIQUE("model_code")
);

CREATE TABLE "sys_notice_enclosure" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_id" integer NOT NULL,
	"enclosure_name" text NOT NULL,
	"file_key" text NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"sort_order" integer DEFAULT 0 NOT NULL
);

CREATE TABLE "sys_notice" (
	"id" serial PRIMARY KEY NOT NULL,
	"notice_sys_code" text NOT NULL,
	"notice_title" text NOT NULL,
	"notice_second_title" text DEFAULT '' NOT NULL,
	"notice_desc" text DEFAULT '' NOT NULL,
	"notice_value" text DEFAULT '' NOT NULL,
	"notice_type" integer DEFAULT 1 NOT NULL,
	"notice_url" text DEFAULT '' NOT NULL,
	"notice_channel" integer DEFAULT 1 NOT NULL,
	"pc_cover_url" text DEFAULT '' NOT NULL,
	"status" integer DEFAULT 0 NOT NULL,
	"release_time" timestamp with time zone,
	"pv" integer DEFAULT 0 NOT NULL,
	"company_sys_code" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_notice_notice_sys_code_unique" UNIQUE("notice_sys_code")
);

CREATE TABLE "sys_regulation_doc" (
	"id" serial PRIMARY KEY NOT NULL,
	"doc_code" text NOT NULL,
	"title" text NOT NULL,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"file_ext" text DEFAULT '' NOT NULL,
	"size" integer DEFAULT 0 NOT NULL,
	"company_sys_code" text,
	"sort_order" integer DEFAULT 0 NOT NULL,
	"status" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sys_regulation_doc_doc_code_unique" UNIQUE("doc_code")
);

CREATE TABLE "sys_site_setting" (
	"key" text PRIMARY KEY NOT NULL,
	"value" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE INDEX "link_type_idx" ON "fp_link" USING btree ("link_type","sort_order");
CREATE INDEX "notice_enclosure_notice_idx" ON "sys_notice_enclosure" USING btree ("notice_id");
CREATE INDEX "notice_status_release_idx" ON "sys_notice" USING btree ("status","release_time");
CREATE INDEX "notice_company_idx" ON "sys_notice" USING btree ("company_sys_code");
CREATE INDEX "regulation_company_idx" ON "sys_regulation_doc" USING btree ("company_sys_code");