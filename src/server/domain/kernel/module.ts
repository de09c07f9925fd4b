// The shape every domain module exports, and the one list in ../index.ts wires them: the
// GraphQL layer reads resolvers from there, the records layer reads hooks from there. Domain
// code never imports src/server/graphql; the context a resolver gets is described here.
import type { Db } from '../../db/connect';
import type { Actor, DomainContext } from '../records/actor';
import type { EntityHooks } from '../records/hooks';
import type { PostingResult } from '../excise/run';
import type { StaffService } from '../../../shared/services';

/** What a resolver receives besides its arguments (the GraphQL layer builds it per request). */
export interface ApiContext {
  db: Db;
  userId: string;
  companyId: string;
  files: { save(companyId: string, userId: string, name: string, content: string): Promise<string> };
  client: { userAgent?: string; version?: string };
  /** outgoing e-mail (invitations); the server log when no mail server is configured */
  mail?: { send(message: { to: string; subject: string; text: string }): Promise<void> };
  /** the app's public origin, for links in e-mails */
  publicOrigin?: string;
  /** the HTTP answer (mercurius puts it on the context): a header a resolver must set, as the
   * Connect mutations' cookie (integrations/connections.ts) */
  reply?: { header(name: string, value: string): unknown };
  actor: () => Promise<Actor | null>;
  /** only called after authorization, so the actor exists */
  domain: () => Promise<DomainContext>;
}

export type Resolver = (root: unknown, args: Record<string, unknown>, ctx: ApiContext) => unknown;
/** A root resolver whose arguments are typed (GraphQL has validated their shape already). */
export const resolver = <A>(fn: (root: unknown, args: A, ctx: ApiContext) => unknown): Resolver => fn as Resolver;
/** A field of an object type computed from its parent (tank.contents, spirit.transactions2). */
export type FieldResolver = (
  parent: Record<string, unknown>,
  args: Record<string, unknown>,
  ctx: ApiContext,
) => unknown;

export interface DomainModule {
  name: string;
  /** the service whose endpoint serves this module's root fields (src/shared/services.ts);
   * main when absent */
  service?: StaffService;
  /** root fields; their SDL lives in schema/graphql/<area>.graphql with the @auth rule */
  query?: Record<string, Resolver>;
  mutation?: Record<string, Resolver>;
  /** field resolvers per GraphQL type name */
  types?: Record<string, Record<string, FieldResolver>>;
  /** lifecycle hooks per entity name, called by the records layer inside its transaction */
  hooks?: Record<string, EntityHooks>;
  /** called by every vessel action (excise/run.ts) inside its transaction, once its rows are
   * posted or reversed: records that follow the ledger (a cask's fill date and count) */
  vesselActions?: VesselActionListener;
}

export interface VesselActionListener {
  afterRun?(ctx: DomainContext, result: PostingResult, editing: boolean): Promise<void>;
  afterDelete?(ctx: DomainContext, result: PostingResult): Promise<void>;
}
