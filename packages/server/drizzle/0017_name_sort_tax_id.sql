-- The name orders' indexes carry the CNPJ too (INCLUDE, beside type and status since 0006): a phrase at the start of
-- names read first in the CNPJ order (`sort=-cnpj&search=padaria sao joao`, 1 471 trading names of a million, issue
-- 30) takes its matches' ids and CNPJs off the names' ranges alone, without a table page each (541 pages, half of
-- the statement's time): CompaniesRepository.startsFirst. ~15 bytes more per entry in each of the two indexes.
DROP INDEX "companies_trading_name_sort_idx";--> statement-breakpoint
DROP INDEX "companies_legal_name_sort_idx";--> statement-breakpoint
CREATE INDEX "companies_trading_name_sort_idx" ON "companies" USING btree ("trading_name_key","id") INCLUDE ("type","is_active","tax_id");--> statement-breakpoint
CREATE INDEX "companies_legal_name_sort_idx" ON "companies" USING btree ("legal_name_key","id") INCLUDE ("type","is_active","tax_id");
