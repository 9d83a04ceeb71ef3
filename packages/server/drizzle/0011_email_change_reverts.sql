-- E-mail changes the old address may undo (issue 24): PATCH /users/me with a new e-mail mails the old one a
-- single-use link (7 days) whose token's SHA-256 is stored here; while it is outstanding the old address is
-- reserved for the account (the partial index answers "is this address reserved?" on sign-up and e-mail changes).
CREATE TABLE "email_change_reverts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"token_hash" varchar(64) NOT NULL,
	"old_email" varchar(255) NOT NULL,
	"new_email" varchar(255) NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_change_reverts_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
ALTER TABLE "email_change_reverts" ADD CONSTRAINT "email_change_reverts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_change_reverts_user_idx" ON "email_change_reverts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "email_change_reverts_old_email_idx" ON "email_change_reverts" USING btree ("old_email") WHERE "email_change_reverts"."used_at" is null;