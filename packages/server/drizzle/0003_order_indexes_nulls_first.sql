-- ORDER BY x DESC means NULLS FIRST: the list indexes must say the same, or the planner sorts the whole table.
DROP INDEX "companies_created_at_idx";--> statement-breakpoint
DROP INDEX "companies_filter_idx";--> statement-breakpoint
DROP INDEX "users_created_at_idx";--> statement-breakpoint
CREATE INDEX "companies_created_at_idx" ON "companies" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "companies_filter_idx" ON "companies" USING btree ("type","is_active","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "users_created_at_idx" ON "users" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);