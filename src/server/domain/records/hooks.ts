// Lifecycle hooks: how a domain module plugs rules into the generic records of one entity.
// The records layer calls them inside the mutation's transaction (ctx.db is the transaction),
// so whatever they write commits or rolls back with the record.
import type { z } from 'zod';
import type { RecordTypes } from '../../../generated/types';
import type { inputValidators } from '../../../generated/validators';
import type { DomainContext } from './actor';
import type { ApiRecord } from './hydrate';

/** An entity that has a record type and an input validator (every generated one). */
export type EntityName = keyof RecordTypes & keyof typeof inputValidators;
/** A record of that entity as hooks receive it: every field, lines with their ids. */
export type RecordOf<N extends EntityName> = RecordTypes[N];
/** Its validated input (update's shape: a create holds at least the required fields). */
export type InputOf<N extends EntityName> = z.output<(typeof inputValidators)[N]['update']>;

export interface WriteChange<R extends object = ApiRecord, I extends object = Record<string, unknown>> {
  mode: 'create' | 'update';
  /** the record before the write (update) or null (create) */
  before: R | null;
  /** the validated input (on create, lines carry no id) */
  input: I;
  /** create only: the task the record was opened from (entities with completesTask) */
  activityId?: string;
}

/** The records layer calls these with the full record (every field, internal and values-gated
 * ones too, read inside the transaction), whatever the acting user may read. */
export interface EntityHooks<R extends object = ApiRecord, I extends object = Record<string, unknown>> {
  /** may refuse the write (throw an AppError) or check cross-record rules */
  beforeWrite?(ctx: DomainContext, change: WriteChange<R, I>): Promise<void>;
  /** after the row and its lines are written; `after` is the record as the API answers it */
  afterWrite?(ctx: DomainContext, change: WriteChange<R, I> & { after: R }): Promise<void>;
  /** may refuse the delete (CONFLICT) or clean up before the row goes */
  beforeDelete?(ctx: DomainContext, record: R): Promise<void>;
  /** documents that post: called after a create or update (after unpost on update) */
  post?(ctx: DomainContext, record: R): Promise<void>;
  /** reverses the record's postings: before an update re-posts, and on delete */
  unpost?(ctx: DomainContext, record: R): Promise<void>;
}

/** Hooks of one entity written against its generated types:
 * `hooks: { tank: hooksOf('tank', { post: async (ctx, tank) => … }) }`. */
export const hooksOf = <N extends EntityName>(_entity: N, hooks: EntityHooks<RecordOf<N>, InputOf<N>>): EntityHooks =>
  hooks as unknown as EntityHooks;
