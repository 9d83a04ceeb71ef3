-- search_text back to the default statistics target (0004 raised it to 1 000). Every LIKE on it is estimated by
-- matching the pattern against each of those statistics: at 1 000, ~0.3 ms of planning per LIKE at a million rows,
-- 5–15× the time a single word's search runs. 0004 raised it because the planner chose a search's plan from that
-- estimate; the product now chooses it from its own sample of the companies (CompaniesRepository.searchRows: words,
-- numbers and phrases), which sees ten times the rows, and asks the planner only before the table is analysed.
ALTER TABLE "companies" ALTER COLUMN "search_text" SET STATISTICS 100;--> statement-breakpoint
ANALYZE "companies";
