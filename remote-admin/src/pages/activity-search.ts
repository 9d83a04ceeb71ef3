import type { AuditEventsFilter } from '@backoffice/api-client';
import { AUDIT_ENTITY_TYPES, AuditEventsQuerySchema } from '@backoffice/contracts';
import type { ListSearch } from '@backoffice/ui/kit';
import * as v from 'valibot';

const api = AuditEventsQuerySchema.entries;

/** A calendar day as a date input gives it: `2026-11-25`, a day that exists. */
const day = v.fallback(
  v.optional(
    v.pipe(
      v.string(),
      v.regex(/^\d{4}-\d{2}-\d{2}$/),
      v.check((text) => isoDay(localMidnight(text)) === text),
    ),
  ),
  undefined,
);

/**
 * The activity list's URL: who (`actor_id`), what (`action`), which entity (`entity_type`, and one of
 * them, `entity_id`) and the period as calendar days (`from`, `to`, both included), read leniently:
 * an invalid value is dropped rather than failing the screen. Its pages are cursors, not in the URL.
 */
export const ActivitySearchSchema = v.object({
  actor_id: v.fallback(api.actor_id, undefined),
  action: v.fallback(api.action, undefined),
  entity_type: v.fallback(v.optional(v.picklist(AUDIT_ENTITY_TYPES)), undefined),
  entity_id: v.fallback(api.entity_id, undefined),
  from: day,
  to: day,
});
export type ActivitySearch = ListSearch<typeof ActivitySearchSchema>;

/** Midnight of a calendar day where the person is: a day means their day, not UTC's. */
function localMidnight(text: string): Date {
  const [year, month, date] = text.split('-').map(Number) as [number, number, number];
  return new Date(year, month - 1, date);
}

function isoDay(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** True when the period ends before it starts (the screen says so and leaves the end out). */
export function periodReversed({ from, to }: Pick<ActivitySearch, 'from' | 'to'>): boolean {
  return from !== undefined && to !== undefined && to < from;
}

/**
 * The API's filter: the days become instants, `from` at its midnight and `to` at the next day's
 * (the API's `to` is exclusive), so `to` includes its whole day.
 */
export function apiFilterOf(search: ActivitySearch): AuditEventsFilter {
  const { actor_id, action, entity_type, entity_id, from, to } = search;
  const end = to && !periodReversed(search) ? localMidnight(to) : undefined;
  end?.setDate(end.getDate() + 1);
  return {
    actor_id,
    action,
    entity_type,
    entity_id,
    from: from ? localMidnight(from).toISOString() : undefined,
    to: end?.toISOString(),
  };
}

/** True when anything narrows the list (what tells "nothing yet" from "nothing for these filters"). */
export function hasActivityFilters(search: ActivitySearch): boolean {
  return Object.values(search).some((value) => value !== undefined);
}
