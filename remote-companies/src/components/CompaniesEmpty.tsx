import { StatusPanel } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { FiBriefcase, FiSearch } from 'react-icons/fi';
import { messages } from '../messages';

/** "No companies yet" differs from "no result for this search/filter", which offers to clear it. */
export function CompaniesEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return filtered ? (
    <StatusPanel
      bordered
      icon={<FiSearch aria-hidden />}
      title={messages.noResultsTitle}
      description={messages.noResultsDescription}
      action={
        <Button variant="outline" onClick={onClearFilters}>
          {messages.clearFilters}
        </Button>
      }
    />
  ) : (
    <StatusPanel
      bordered
      icon={<FiBriefcase aria-hidden />}
      title={messages.emptyTitle}
      description={messages.emptyDescription}
    />
  );
}
