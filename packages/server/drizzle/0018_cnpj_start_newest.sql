-- A masked CNPJ prefix of two characters (`30.`, ~1 % of the companies) in the newest order, the list's default: its
-- newest matches off this index, a few entries for a page (issue 30). Before, the newest rows were walked and tested,
-- as many as came before the prefix's first matches: a prefix's CNPJs sit together wherever they were created
-- together (a matriz and its branches, a list imported in CNPJ order), and the first page of `30.` at a million demo
-- companies tested 8 121 rows. The expression is schema.ts's cnpjStart; the query writes the same one.
CREATE INDEX "companies_cnpj_start_newest_idx" ON "companies" USING btree (left("tax_id", 2),"created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);