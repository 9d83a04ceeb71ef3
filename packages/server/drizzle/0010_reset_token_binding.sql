-- Reset links bound to the e-mail and password they were sent for (issue 24, row 3): a change of either,
-- by the user, an administrator or an e-mail change, makes an outstanding link stop working.
-- Links already sent are bound to the account as it is now, so they keep working until it changes
-- (the expression is users-repository.ts's resetBinding).
ALTER TABLE "password_reset_tokens" ADD COLUMN "bound_to" varchar(64);--> statement-breakpoint
UPDATE "password_reset_tokens" AS t
SET "bound_to" = encode(sha256(convert_to(u."email" || E'\n' || u."hashed_password", 'UTF8')), 'hex')
FROM "users" AS u
WHERE u."id" = t."user_id";--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ALTER COLUMN "bound_to" SET NOT NULL;
