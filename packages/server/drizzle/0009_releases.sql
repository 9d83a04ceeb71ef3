-- Issue 25: immutable, versioned releases of the remotes (and of the shell), what each one's users get (stable
-- and canary), and the history of every release operation. Numbered 0009 as allotted (0008 is another change's).
-- Its journal time is its own (before 0010's): drizzle runs only the migrations newer than the last one applied,
-- so journal times must grow in journal order or a database that stopped at 0009 would never run 0010.
-- File contents are bytea, written and read as base64 by the repository (faster on PGlite, as fast on PostgreSQL).
CREATE TABLE "release_events" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "release_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"remote" varchar(40) NOT NULL,
	"action" varchar(16) NOT NULL,
	"version" varchar(64),
	"previous_version" varchar(64),
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" varchar(320) NOT NULL,
	"actor_user" uuid,
	"actor_key" uuid,
	CONSTRAINT "release_events_action_check" CHECK ("action" in ('publish', 'promote', 'canary', 'canary-end', 'rollback'))
);
--> statement-breakpoint
CREATE TABLE "release_files" (
	"release_id" uuid NOT NULL,
	"path" varchar(512) NOT NULL,
	"content" "bytea" NOT NULL,
	"content_type" varchar(128) NOT NULL,
	"sha256" varchar(64) NOT NULL,
	"size" integer NOT NULL,
	CONSTRAINT "release_files_release_id_path_pk" PRIMARY KEY("release_id","path")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"remote" varchar(40) NOT NULL,
	"version" varchar(64) NOT NULL,
	"content_hash" varchar(64) NOT NULL,
	"manifest" jsonb NOT NULL,
	"file_count" integer NOT NULL,
	"size_bytes" integer NOT NULL,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"published_by" varchar(320) NOT NULL,
	"published_by_user" uuid,
	"published_by_key" uuid,
	CONSTRAINT "releases_remote_version_unique" UNIQUE("remote","version")
);
--> statement-breakpoint
CREATE TABLE "remote_channels" (
	"remote" varchar(40) PRIMARY KEY NOT NULL,
	"stable_version" varchar(64),
	"canary_version" varchar(64),
	"canary_percent" integer DEFAULT 0 NOT NULL,
	"canary_users" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "remote_channels_percent_check" CHECK ("remote_channels"."canary_percent" between 0 and 100)
);
--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_actor_user_users_id_fk" FOREIGN KEY ("actor_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_events" ADD CONSTRAINT "release_events_actor_key_api_keys_id_fk" FOREIGN KEY ("actor_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "release_files" ADD CONSTRAINT "release_files_release_id_releases_id_fk" FOREIGN KEY ("release_id") REFERENCES "public"."releases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_published_by_user_users_id_fk" FOREIGN KEY ("published_by_user") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_published_by_key_api_keys_id_fk" FOREIGN KEY ("published_by_key") REFERENCES "public"."api_keys"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_channels" ADD CONSTRAINT "remote_channels_stable_fk" FOREIGN KEY ("remote","stable_version") REFERENCES "public"."releases"("remote","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "remote_channels" ADD CONSTRAINT "remote_channels_canary_fk" FOREIGN KEY ("remote","canary_version") REFERENCES "public"."releases"("remote","version") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "release_events_remote_id_idx" ON "release_events" USING btree ("remote","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "release_files_path_idx" ON "release_files" USING btree ("path");--> statement-breakpoint
CREATE INDEX "releases_remote_published_idx" ON "releases" USING btree ("remote","published_at" DESC NULLS LAST,"id" DESC NULLS LAST);