-- Study tracking (issue 13): credited study time per learner and resource and per day, the one
-- active viewing session per learner, notes, favourites and likes. See docs/adr/0017-study-tracking.md.
CREATE TABLE "res_study" (
	"user_id" integer NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
	"res_id" integer NOT NULL REFERENCES "train_res"("id") ON DELETE CASCADE,
	"company_sys_code" text,
	"credited_seconds" integer DEFAULT 0 NOT NULL,
	"last_position" integer DEFAULT 0 NOT NULL,
	"completed_at" timestamp with time zone,
	"first_study_at" timestamp with time zone NOT NULL,
	"last_study_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "res_id")
);
CREATE INDEX "res_study_res_idx" ON "res_study" USING btree ("res_id");
CREATE INDEX "res_study_company_idx" ON "res_study" USING btree ("company_sys_code");

CREATE TABLE "res_study_day" (
	"user_id" integer NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
	"res_id" integer NOT NULL REFERENCES "train_res"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"company_sys_code" text,
	"seconds" integer DEFAULT 0 NOT NULL,
	PRIMARY KEY ("user_id", "res_id", "day")
);
CREATE INDEX "res_study_day_day_idx" ON "res_study_day" USING btree ("day", "company_sys_code");

CREATE TABLE "res_view_session" (
	"user_id" integer PRIMARY KEY NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
	"guid" text NOT NULL,
	"res_id" integer NOT NULL REFERENCES "train_res"("id") ON DELETE CASCADE,
	"speed" numeric(4, 2) DEFAULT 1 NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"last_beat_at" timestamp with time zone NOT NULL,
	"replaced_guid" text DEFAULT '' NOT NULL
);

CREATE TABLE "res_note" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
	"res_id" integer NOT NULL REFERENCES "train_res"("id") ON DELETE CASCADE,
	"content" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone NOT NULL,
	"updated_at" timestamp with time zone NOT NULL
);
CREATE INDEX "res_note_user_res_idx" ON "res_note" USING btree ("user_id", "res_id");

CREATE TABLE "res_collect" (
	"user_id" integer NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
	"res_id" integer NOT NULL REFERENCES "train_res"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "res_id")
);

CREATE TABLE "res_thumbsup" (
	"user_id" integer NOT NULL REFERENCES "app_user"("id") ON DELETE CASCADE,
	"res_id" integer NOT NULL REFERENCES "train_res"("id") ON DELETE CASCADE,
	"created_at" timestamp with time zone NOT NULL,
	PRIMARY KEY ("user_id", "res_id")
);
CREATE INDEX "res_thumbsup_res_idx" ON "res_thumbsup" USING btree ("res_id");
