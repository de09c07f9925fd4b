import type { Db } from '../db/connect';
import type { Actor, DomainContext } from '../domain/records/actor';
import { featuresOf, membershipOf } from '../domain/company/companies';
import type { FileStore } from '../http/files';
import type { Mailer } from '../http/mail';
import { MAX_EXPORTS_PER_MINUTE } from '../../shared/limits';
import { PerUserLimit } from './rateLimit';

/** The server's count of exports per user (authorize.ts checks it before each export). */
export const defaultExportLimit = () => new PerUserLimit(MAX_EXPORTS_PER_MINUTE, 60_000);

export interface RequestContext {
  db: Db;
  files: FileStore;
  userId: string;
  companyId: string;
  /** what the browser said about itself, for client error reports */
  client: { userAgent?: string; version?: string };
  /** exports per user per minute (shared by every request to this server) */
  exportLimit: PerUserLimit;
  /** outgoing e-mail (invitations) */
  mail?: Mailer;
  /** the app's public origin, for links in e-mails */
  publicOrigin?: string;
  /** the user's membership of :companyId, loaded once per request; null when not a member */
  actor: () => Promise<Actor | null>;
  /** the domain context; only called after authorization, so the actor exists */
  domain: () => Promise<DomainContext>;
}

export function buildContext(
  db: Db,
  files: FileStore,
  userId: string,
  companyId: string,
  client: RequestContext['client'] = {},
  exportLimit: PerUserLimit = defaultExportLimit(),
  outgoing: { mail?: Mailer; publicOrigin?: string } = {},
): RequestContext {
  let loaded: Promise<Actor | null> | undefined;
  const actor = () =>
    (loaded ??= (async () => {
      const membership = await membershipOf(db, userId, companyId);
      if (!membership) return null;
      return { userId, companyId, permissions: membership.permissions, features: await featuresOf(db, companyId) };
    })());
  return {
    db,
    files,
    userId,
    companyId,
    client,
    exportLimit,
    ...outgoing,
    actor,
    domain: async () => ({ db, actor: (await actor())! }),
  };
}
