-- The list's name orders (sort=trading_name / legal_name, either direction): the same expression the query
-- orders by (search_normalize, so accents and case do not matter whatever the collation), then id as the
-- tie-breaker. One ascending index also serves the descending order, read backwards. The CNPJ orders use
-- the unique index of tax_id.
CREATE INDEX "companies_trading_name_sort_idx" ON "companies" USING btree (search_normalize("trading_name"),"id");--> statement-breakpoint
CREATE INDEX "companies_legal_name_sort_idx" ON "companies" USING btree (search_normalize("legal_name"),"id");