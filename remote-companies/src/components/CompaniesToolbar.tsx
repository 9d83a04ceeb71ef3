import { COMPANY_TYPES, type CompaniesFilter, SEARCH_MAX_LENGTH } from '@backoffice/contracts';
import { usePhoneLayout } from '@backoffice/ui/kit';
import { Badge } from '@chakra-ui/react/badge';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Input } from '@chakra-ui/react/input';
import { InputGroup } from '@chakra-ui/react/input-group';
import { NativeSelect } from '@chakra-ui/react/native-select';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { memo, type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { FiFilter, FiSearch } from 'react-icons/fi';
import * as v from 'valibot';
import { CompaniesSearchSchema } from '../hooks/companies-search';
import type { CompaniesFilterChanges } from '../hooks/use-companies-search-params';
import { messages } from '../messages';

/** What a control commits, read as the URL reads it (`CompaniesSearchSchema`): trimmed, empty is absent. */
const read = CompaniesSearchSchema.entries;

/** How long typing pauses before the search goes to the URL (and the API). */
export const SEARCH_DEBOUNCE_MS = 300;
/** How long a filter browsed with the arrow keys rests on an option before it applies. */
export const FILTER_KEYS_DEBOUNCE_MS = 600;

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
  const [open, setOpen] = useState(false);
  const filtersId = useId();
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
        <HStack gap="2" align="center">
          <Button
            variant="outline"
            aria-expanded={open}
            aria-controls={filtersId}
            onClick={() => setOpen((value) => !value)}
          >
            <FiFilter aria-hidden />
            {messages.filters}
            {inUse > 0 && (
              <Badge colorPalette="brand" variant="solid" size="sm" aria-label={messages.filtersInUse(inUse)}>
                {inUse}
              </Badge>
            )}
          </Button>
        </HStack>
        <Stack id={filtersId} gap="3" hidden={!open}>
          {selects}
        </Stack>
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

/** Keys that move a closed native select from option to option, changing its value at each press. */
const BROWSING_KEYS = new Set(['ArrowUp', 'ArrowDown', 'ArrowLeft', 'ArrowRight', 'Home', 'End', 'PageUp', 'PageDown']);

/**
 * A filter's native select. A choice made with the pointer (or a letter, or the open list) applies at
 * once; browsing a closed select with the arrow keys changes its value at every press, so that applies
 * only once the keys rest a moment, on Enter, or when the focus leaves (issue 28: every ArrowDown
 * fetched the list again). A change of the URL from elsewhere replaces the choice shown.
 */
function FilterSelect({
  label,
  value,
  onCommit,
  children,
}: {
  label: string;
  value: string;
  onCommit: (value: string) => void;
  children: ReactNode;
}) {
  const [draft, setDraft] = useState(value);
  const committed = useRef(value);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const browsing = useRef(false);
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (value === committed.current) return;
    clearTimeout(pause.current);
    committed.current = value;
    setDraft(value);
  }, [value]);
  useEffect(() => () => clearTimeout(pause.current), []);

  const commit = (next: string) => {
    clearTimeout(pause.current);
    if (next === committed.current) return;
    committed.current = next;
    commitRef.current(next);
  };

  return (
    <Field.Root width={{ md: '44' }}>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={draft}
          onPointerDown={() => {
            browsing.current = false;
          }}
          onKeyDown={(event) => {
            browsing.current = BROWSING_KEYS.has(event.key);
            if (event.key === 'Enter') commit(draft);
          }}
          onChange={(event) => {
            const next = event.target.value;
            setDraft(next);
            if (!browsing.current) return commit(next);
            clearTimeout(pause.current);
            pause.current = setTimeout(() => commit(next), FILTER_KEYS_DEBOUNCE_MS);
          }}
          onBlur={() => commit(draft)}
        >
          {children}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

/**
 * The search text is local while typing and reaches the URL after a pause (or on Enter). A change
 * of the URL from elsewhere (back/forward, "clear filters") replaces the text and drops a pause in
 * progress; the URL echo of our own commit does not, so typing is never overwritten. Only typing
 * starts the pause: were it started by every change of the text, one started for a back step could
 * fire just after the next back step had begun and push the older search onto history again.
 */
function SearchBox({ value, onCommit }: { value: string | undefined; onCommit: (search: string | undefined) => void }) {
  const [draft, setDraft] = useState(value ?? '');
  const committed = useRef(value);
  const commitRef = useRef(onCommit);
  commitRef.current = onCommit;
  const pause = useRef<ReturnType<typeof setTimeout>>(undefined);

  useEffect(() => {
    if (value === committed.current) return;
    clearTimeout(pause.current);
    committed.current = value;
    setDraft(value ?? '');
  }, [value]);
  useEffect(() => () => clearTimeout(pause.current), []);

  const commit = (text: string) => {
    clearTimeout(pause.current);
    const next = v.parse(read.search, text);
    if (next === committed.current) return;
    committed.current = next;
    commitRef.current(next);
  };

  const type = (text: string) => {
    setDraft(text);
    clearTimeout(pause.current);
    pause.current = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
  };

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
