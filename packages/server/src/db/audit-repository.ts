import type { AuditEntityType, AuditEvent } from '@backoffice/contracts';
import { and, desc, eq, gte, like, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from './client.js';
import { isoTimestamp } from './iso-timestamps.js';
import { auditEvents, companies, releases, users } from './schema.js';

export interface AuditFilter {
  actorId?: string;
  /** An exact action, or a prefix ending in a dot (`user.`). */
  action?: string;
  entityType?: AuditEntityType;
  entityId?: string;
  from?: string;
  to?: string;
}

const COLUMNS = {
  id: auditEvents.id,
  occurred_at: isoTimestamp(auditEvents.occurred_at),
  action: auditEvents.action,
  entity_type: auditEvents.entity_type,
  entity_id: auditEvents.entity_id,
  actor_type: auditEvents.actor_type,
  actor_id: auditEvents.actor_id,
  actor_label: auditEvents.actor_label,
  ip: auditEvents.ip,
  reason: auditEvents.reason,
  changes: auditEvents.changes,
};

/** An earlier event of the same entity: its deletion, which names what is gone. */
const deletion = alias(auditEvents, 'deletion');

/**
 * What a person calls the event's entity: the company's trading name or the user's e-mail as they are
 * now, a release as `remote@version` (never deleted), else as its deletion recorded them (every event of a deleted one names it alike), else as the
 * event itself did. Each source is read only when the ones before are null (COALESCE is lazy): a key
 * lookup per listed row.
 */
const ENTITY_LABEL = sql<string | null>`coalesce(
  ${companies.trading_name},
  ${users.email},
  ${releases.remote} || '@' || ${releases.version},
  (select coalesce(${deletion.changes}->'trading_name'->>'old', ${deletion.changes}->'email'->>'old')
     from ${auditEvents} as ${sql.identifier('deletion')}
    where ${deletion.entity_type} = ${auditEvents.entity_type} and ${deletion.entity_id} = ${auditEvents.entity_id}
      and ${deletion.action} in ('company.deleted', 'user.deleted')
    order by ${deletion.id} desc limit 1),
  ${auditEvents.changes}->'trading_name'->>'new',
  ${auditEvents.changes}->'email'->>'new'
)`;

type Row = { [K in keyof typeof COLUMNS]: unknown } & { id: number; occurred_at: string; entity_label?: unknown };

function toEvent(row: Row): AuditEvent {
  return {
    id: String(row.id),
    occurred_at: row.occurred_at,
    action: row.action as string,
    entity_type: row.entity_type as AuditEvent['entity_type'],
    entity_id: (row.entity_id as string | null) ?? null,
    actor: {
      type: row.actor_type as AuditEvent['actor']['type'],
      id: (row.actor_id as string | null) ?? null,
      label: (row.actor_label as string | null) ?? null,
    },
    ip: (row.ip as string | null) ?? null,
    reason: (row.reason as string | null) ?? null,
    changes: (row.changes ?? {}) as AuditEvent['changes'],
    entity_label: (row.entity_label as string | null | undefined) ?? null,
  };
}

/**
 * Reads of the history. Every listing is newest first by `id` and continues after a cursor (the last
 * id of the page before): a page costs an index range however deep, where an offset would read every
 * event before it (keyset pagination). Writes are the triggers' and services/audit.ts's.
 */
export class AuditRepository {
  constructor(private readonly db: Db) {}

  async list(
    filter: AuditFilter,
    limit: number,
    cursor?: string,
  ): Promise<{ data: AuditEvent[]; next_cursor: string | null }> {
    const conditions: (SQL | undefined)[] = [
      cursor ? lt(auditEvents.id, Number(cursor)) : undefined,
      filter.actorId ? eq(auditEvents.actor_id, filter.actorId) : undefined,
      filter.entityType ? eq(auditEvents.entity_type, filter.entityType) : undefined,
      filter.entityId ? eq(auditEvents.entity_id, filter.entityId) : undefined,
      filter.from ? gte(auditEvents.occurred_at, new Date(filter.from)) : undefined,
      filter.to ? lt(auditEvents.occurred_at, new Date(filter.to)) : undefined,
    ];
    if (filter.action) {
      conditions.push(
        filter.action.endsWith('.')
          ? like(auditEvents.action, `${filter.action.replace(/[\\%_]/g, '\\$&')}%`)
          : eq(auditEvents.action, filter.action),
      );
    }
    const rows = (await this.db
      .select({ ...COLUMNS, entity_label: ENTITY_LABEL })
      .from(auditEvents)
      .leftJoin(companies, and(eq(auditEvents.entity_type, 'company'), eq(companies.id, auditEvents.entity_id)))
      .leftJoin(users, and(eq(auditEvents.entity_type, 'user'), eq(users.id, auditEvents.entity_id)))
      .leftJoin(releases, and(eq(auditEvents.entity_type, 'release'), eq(releases.id, auditEvents.entity_id)))
      .where(and(...conditions))
      .orderBy(desc(auditEvents.id))
      .limit(limit + 1)) as Row[];
    const page = rows.slice(0, limit).map(toEvent);
    return { data: page, next_cursor: rows.length > limit ? (page[page.length - 1]?.id ?? null) : null };
  }

  /** The last event of a company: its deletion, when it is deleted (what a restore brings back). */
  async lastOf(entityType: 'company' | 'user', entityId: string): Promise<AuditEvent | undefined> {
    const [row] = (await this.db
      .select(COLUMNS)
      .from(auditEvents)
      .where(and(eq(auditEvents.entity_type, entityType), eq(auditEvents.entity_id, entityId)))
      .orderBy(desc(auditEvents.id))
      .limit(1)) as Row[];
    return row ? toEvent(row) : undefined;
  }

  /**
   * Deletes the events older than `days` (AUDIT_RETENTION_DAYS). The table refuses deletes but in a
   * transaction that declares itself the purge (migration 0012).
   */
  async purgeOlderThan(days: number): Promise<number> {
    return this.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('backoffice.audit_purge', 'on', true)`);
      const result = (await tx.execute(
        sql`with gone as (delete from ${auditEvents} where ${auditEvents.occurred_at} < now() - make_interval(days => ${days}) returning 1)
            select count(*)::int as n from gone`,
      )) as unknown as { rows: { n: number }[] };
      return result.rows[0]?.n ?? 0;
    });
  }
}
