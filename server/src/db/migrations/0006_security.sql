-- Installation values (id, generated secrets) and single-use markers (issue 9 items 3, 5, 7).
CREATE TABLE "sys_installation" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);

CREATE TABLE "sys_used_marker" (
	"key" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);

CREATE INDEX "sys_used_marker_expires_idx" ON "sys_used_marker" USING btree ("expires_at");
