import { COMPANY_TYPES, type CompaniesFilter, SEARCH_MAX_LENGTH } from '@backoffice/contracts';
import { FilterSelect, FiltersFold, usePausedCommit, usePhoneLayout } from '@backoffice/ui/kit';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { Stack } from '@chakra-ui/react/stack';
import { memo } from 'react';
import { FiSearch } from 'react-icons/fi';
import * as v from 'valibot';
import type { CompaniesFilterChanges } from '../hooks/use-companies-search-params';
import { messages } from '../messages';
import { CompaniesSearchSchema } from '../pages/companies-search';

/** What a control commits, read as the URL reads it (`CompaniesSearchSchema`): trimmed, empty is absent. */
const read = CompaniesSearchSchema.entries;

/** How long typing pauses before the search goes to the URL (and the API). */
export const SEARCH_DEBOUNCE_MS = 300;

export interface CompaniesToolbarProps {
  filter: CompaniesFilter;
  onChange: (changes: CompaniesFilterChanges) => void;
}

/**
 * Search box (debounced, kept in the URL), type filter and active filter. On a phone the search box
 * takes a row of its own and the two filters fold behind one `Filtros` button under it (which counts
 * the ones in use), so the list starts near the top.
 * Memoised: the list's answers render the page again, and nothing here depends on them.
 */
export const CompaniesToolbar = memo(function CompaniesToolbar({ filter, onChange }: CompaniesToolbarProps) {
  const phone = usePhoneLayout();
  const inUse = (filter.type ? 1 : 0) + (filter.is_active === undefined ? 0 : 1);
  const selects = (
    <>
      <FilterSelect
        label={messages.typeFilterLabel}
        value={filter.type ?? ''}
        onCommit={(value) => onChange({ type: v.parse(read.type, value) })}
      >
        <option value="">{messages.typeFilterAll}</option>
        {COMPANY_TYPES.map((type) => (
          <option key={type} value={type}>
            {messages.typeOption[type]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={messages.statusFilterLabel}
        value={filter.is_active === undefined ? '' : String(filter.is_active)}
        onCommit={(value) => onChange({ is_active: v.parse(read.is_active, value) })}
      >
        <option value="">{messages.statusFilterAll}</option>
        <option value="true">{messages.statusActive}</option>
        <option value="false">{messages.statusInactive}</option>
      </FilterSelect>
    </>
  );
  if (phone) {
    return (
      // The search box has the row to itself: beside the button its placeholder was cut (issue 28).
      <Stack gap="3">
        <SearchBox value={filter.search} onCommit={(search) => onChange({ search })} />
        <FiltersFold inUse={inUse}>{selects}</FiltersFold>
      </Stack>
    );
  }
  return (
    <Stack direction="row" gap="3" align="flex-end">
      <SearchBox value={filter.search} onCommit={(search) => onChange({ search })} />
      {selects}
    </Stack>
  );
});

/** The search text reaches the URL once typing pauses, or on Enter (usePausedCommit). */
function SearchBox({ value, onCommit }: { value: string | undefined; onCommit: (search: string | undefined) => void }) {
  const { draft, type, commit } = usePausedCommit(value, onCommit, SEARCH_DEBOUNCE_MS, (text) =>
    v.parse(read.search, text),
  );

  return (
    <search style={{ flex: 1 }}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          commit(draft);
        }}
      >
        <InputGroup startElement={<FiSearch aria-hidden />} width="full">
          <Input
            type="search"
            aria-label={messages.searchPlaceholder}
            placeholder={messages.searchPlaceholder}
            maxLength={SEARCH_MAX_LENGTH}
            value={draft}
            onChange={(event) => type(event.target.value)}
          />
        </InputGroup>
      </form>
    </search>
  );
}
