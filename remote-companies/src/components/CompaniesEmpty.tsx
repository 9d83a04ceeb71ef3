import { StatusPanel } from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { FiBriefcase, FiSearch } from 'react-icons/fi';
import { messages } from '../messages';

/**
 * "No companies yet" differs from "no result for this search/filter", which offers to clear it. Only a
 * screen that may add companies invites to add the first one.
 */
export function CompaniesEmpty({
  filtered,
  canAdd,
  onClearFilters,
}: {
  filtered: boolean;
  canAdd: boolean;
  onClearFilters: () => void;
}) {
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
      description={canAdd ? messages.emptyDescription : messages.emptyReadOnlyDescription}
    />
  );
}
