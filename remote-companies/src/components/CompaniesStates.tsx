import { Alert } from '@chakra-ui/react/alert';
import { Button } from '@chakra-ui/react/button';
import { EmptyState } from '@chakra-ui/react/empty-state';
import { Stack } from '@chakra-ui/react/stack';
import { FiBriefcase, FiSearch } from 'react-icons/fi';
import { messages } from '../messages';

/** "No companies yet" differs from "no result for this search/filter", which offers to clear it. */
export function CompaniesEmpty({ filtered, onClearFilters }: { filtered: boolean; onClearFilters: () => void }) {
  return (
    <EmptyState.Root borderWidth="1px" rounded="md" role="status">
      <EmptyState.Content>
        <EmptyState.Indicator>{filtered ? <FiSearch aria-hidden /> : <FiBriefcase aria-hidden />}</EmptyState.Indicator>
        <Stack textAlign="center" gap="1">
          <EmptyState.Title>{filtered ? messages.noResultsTitle : messages.emptyTitle}</EmptyState.Title>
          <EmptyState.Description>
            {filtered ? messages.noResultsDescription : messages.emptyDescription}
          </EmptyState.Description>
        </Stack>
        {filtered && (
          <Button variant="outline" onClick={onClearFilters}>
            {messages.clearFilters}
          </Button>
        )}
      </EmptyState.Content>
    </EmptyState.Root>
  );
}

export function CompaniesLoadError({ onRetry, retrying }: { onRetry: () => void; retrying: boolean }) {
  return (
    <Alert.Root status="error" role="alert" alignItems="center">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{messages.loadErrorTitle}</Alert.Title>
        <Alert.Description>{messages.loadErrorDescription}</Alert.Description>
      </Alert.Content>
      <Button size="sm" variant="outline" onClick={onRetry} loading={retrying}>
        {messages.retry}
      </Button>
    </Alert.Root>
  );
}
