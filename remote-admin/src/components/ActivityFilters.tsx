import type { UserPublic } from '@backoffice/contracts';
import {
  FILTER_KEYS_DEBOUNCE_MS,
  FilterSelect,
  FiltersFold,
  usePausedCommit,
  usePhoneLayout,
} from '@backoffice/ui/kit';
import { Button } from '@chakra-ui/react/button';
import { Field } from '@chakra-ui/react/field';
import { Flex } from '@chakra-ui/react/flex';
import { Input } from '@chakra-ui/react/input';
import { HStack, Stack } from '@chakra-ui/react/stack';
import { Text } from '@chakra-ui/react/text';
import { memo } from 'react';
import { FiX } from 'react-icons/fi';
import { messages } from '../messages';
import { type ActivitySearch, periodReversed } from '../pages/activity-search';

const m = messages.activity;

export type ActivityChanges = { [K in keyof ActivitySearch]?: ActivitySearch[K] | undefined };

export interface ActivityFiltersProps {
  search: ActivitySearch;
  onChange: (changes: ActivityChanges) => void;
  /** The users to pick from (`Quem`), by e-mail; undefined while they load. */
  users: readonly UserPublic[] | undefined;
  /** How the events name the chosen user, when the choice does not list them (deleted, or past the first). */
  actorLabel: string | undefined;
  /** How the events name the one record the list is narrowed to (`entity_id`). */
  entityLabel: string | undefined;
}

/**
 * The activity list's filters: who, which kind of record, what was done, and the period (both days
 * included). Each applies on its own (a select as the companies' filters do, a day once typed); the
 * actions offered follow the kind of record chosen. On a phone they fold behind `Filtros`.
 * Memoised: every answer of the list renders the page again, and nothing here depends on it.
 */
export const ActivityFilters = memo(function ActivityFilters({
  search,
  onChange,
  users,
  actorLabel,
  entityLabel,
}: ActivityFiltersProps) {
  const phone = usePhoneLayout();
  const actorListed = !search.actor_id || users?.some((user) => user.id === search.actor_id);
  const actionGroups = Object.entries(m.actionOptions).filter(
    ([entity]) => !search.entity_type || entity === search.entity_type,
  );
  const reversed = periodReversed(search);
  const inUse = Object.values(search).filter((value) => value !== undefined).length;
  const width = { base: 'full', md: '44' };
  /** A select of one search key: its first option, "all", is the key left out. */
  const selectOf = (key: 'actor_id' | 'action') => ({
    value: search[key] ?? '',
    onCommit: (value: string) => onChange({ [key]: value || undefined }),
  });

  const fields = (
    <>
      <FilterSelect label={m.who} {...selectOf('actor_id')} width={{ base: 'full', md: '56' }}>
        <option value="">{m.whoAll}</option>
        {!actorListed && search.actor_id && <option value={search.actor_id}>{actorLabel ?? m.whoUnknown}</option>}
        {users?.map((user) => (
          <option key={user.id} value={user.id}>
            {user.email}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label={m.entity}
        value={search.entity_type ?? ''}
        onCommit={(value) => {
          const entity = (value || undefined) as ActivitySearch['entity_type'];
          // An action of the other kind of record would match nothing: it goes with the change.
          const keepsAction = !entity || !search.action || search.action.startsWith(`${entity}.`);
          onChange({ entity_type: entity, entity_id: undefined, ...(keepsAction ? {} : { action: undefined }) });
        }}
        width={width}
      >
        <option value="">{m.entityAll}</option>
        {Object.entries(m.entityOptions).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect label={m.action} {...selectOf('action')} width={{ base: 'full', md: '52' }}>
        <option value="">{m.actionAll}</option>
        {actionGroups.map(([entity, options]) => (
          <optgroup key={entity} label={m.entityOptions[entity]}>
            {Object.entries(options).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </optgroup>
        ))}
      </FilterSelect>
      <DayField label={m.from} value={search.from} onCommit={(from) => onChange({ from })} />
      <DayField
        label={m.to}
        value={search.to}
        onCommit={(to) => onChange({ to })}
        error={reversed ? m.periodReversed : undefined}
      />
      {inUse > 0 && (
        <Button
          variant="ghost"
          alignSelf={{ md: 'flex-end' }}
          onClick={() =>
            onChange({
              actor_id: undefined,
              action: undefined,
              entity_type: undefined,
              entity_id: undefined,
              from: undefined,
              to: undefined,
            })
          }
        >
          {m.clear}
        </Button>
      )}
    </>
  );

  return (
    <Stack gap="3" role="group" aria-label={m.filters}>
      {phone ? (
        <FiltersFold inUse={inUse}>{fields}</FiltersFold>
      ) : (
        <Flex gap="3" wrap="wrap" align="flex-start">
          {fields}
        </Flex>
      )}
      {search.entity_id && (
        <HStack gap="1" alignSelf="flex-start" borderWidth="1px" rounded="full" ps="3" pe="1" py="0.5">
          <Text fontSize="sm">{m.onlyEntity(entityLabel ?? m.noEntity)}</Text>
          <Button
            size="2xs"
            variant="ghost"
            rounded="full"
            aria-label={m.removeEntity(entityLabel ?? m.noEntity)}
            onClick={() => onChange({ entity_id: undefined })}
          >
            <FiX aria-hidden />
          </Button>
        </HStack>
      )}
    </Stack>
  );
});

/**
 * A day of the period. A date typed digit by digit changes at every digit (the year goes 0002, 0020,
 * 0202, 2026): it applies once typing pauses, on Enter, or when the focus leaves; a day picked from the
 * calendar the same way. A change of the URL from elsewhere replaces the day shown.
 */
function DayField({
  label,
  value,
  onCommit,
  error,
}: {
  label: string;
  value: string | undefined;
  onCommit: (value: string | undefined) => void;
  error?: string | undefined;
}) {
  const { draft, type, commit } = usePausedCommit(value, onCommit, FILTER_KEYS_DEBOUNCE_MS);

  return (
    <Field.Root width={{ base: 'full', md: '40' }} invalid={error !== undefined}>
      <Field.Label>{label}</Field.Label>
      <Input
        type="date"
        value={draft}
        onChange={(event) => type(event.target.value)}
        onKeyDown={(event) => {
          if (event.key === 'Enter') commit(draft);
        }}
        onBlur={() => commit(draft)}
      />
      {error && <Field.ErrorText>{error}</Field.ErrorText>}
    </Field.Root>
  );
}
