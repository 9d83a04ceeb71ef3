import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Db } from '../db/client.js';
import { auditEvents } from '../db/schema.js';

/**
 * Who makes a change, as the history records it: a signed-in user, a partner portal's key (its embed
 * token), or the system (migrations, the command line, the first super user).
 */
export interface Actor {
  type: 'user' | 'partner' | 'system';
  id: string | null;
  /** The user's e-mail or the key's name at the time: the history stays readable after either is gone. */
  label: string | null;
  ip: string | null;
}

/** Why a change happened, when it was more than a single edit; the triggers name the event after it. */
export type ChangeReason = 'import' | 'bulk' | 'restore' | 'password_reset' | 'email_change_revert';

export const SYSTEM: Actor = { type: 'system', id: null, label: null, ip: null };

/** The actor of a request that passed the companies' or users' pre-handlers (user or partner key). */
export function actorOf(request: FastifyRequest): Actor {
  if (request.partnerKey) {
    return { type: 'partner', id: request.partnerKey.id, label: request.partnerKey.name, ip: request.ip };
  }
  if (request.user) return { type: 'user', id: request.user.id, label: request.user.email, ip: request.ip };
  return { ...SYSTEM, ip: request.ip };
}

/**
 * Runs `work` in one transaction whose row changes the database records as `actor`'s (the triggers of
 * migration 0012 read the `backoffice.audit` setting, local to this transaction): the change and its
 * events commit together or not at all. Every write the API makes to `companies` or `users` goes
 * through here; a write outside one is recorded as the system's.
 */
export function audited<T>(db: Db, actor: Actor, work: (tx: Db) => Promise<T>, reason?: ChangeReason): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select set_config('backoffice.audit', ${JSON.stringify({ ...actor, reason })}, true)`);
    return work(tx as unknown as Db);
  });
}

/** How a service changes rows: `audited`, through its repository bound to the change's transaction. */
export type AuditedWrite<R> = <T>(
  actor: Actor,
  work: (repository: R) => Promise<T>,
  reason?: ChangeReason,
) => Promise<T>;

/** The `AuditedWrite` on `db` of a repository class (whose constructor takes the database or a transaction). */
export function auditedWrite<R>(db: Db, Repository: new (db: Db) => R): AuditedWrite<R> {
  return (actor, work, reason) => audited(db, actor, (tx) => work(new Repository(tx)), reason);
}

/** An event that changes no row (a sign-in, failed or not), written by the code that saw it. */
export interface PlainEvent {
  action: 'user.login' | 'user.login_failed';
  entityId: string | null;
  actor: Actor;
}

export async function recordEvent(db: Db, event: PlainEvent): Promise<void> {
  await db.insert(auditEvents).values({
    action: event.action,
    entity_type: 'user',
    entity_id: event.entityId,
    actor_type: event.actor.type,
    actor_id: event.actor.id,
    actor_label: event.actor.label,
    ip: event.actor.ip,
  });
}
