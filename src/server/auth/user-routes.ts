import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../db/connect';
import { emailTakenByOther, findUserById, updateProfile, type ProfileChanges, type UserAccount } from './accounts';
import { assertAccess, endAllSessions, grantOf } from './access';
import { ISSUER_PATH } from './constants';
import { findPasswordHash, setPassword, verifyPassword } from './passwords';
import { clearFailedSignIns, recordFailedSignIn, signInWaitSeconds } from './signin-attempts';
import { UnauthorizedError, type TokenVerifier } from './verify';

export const NAME_MAX_LENGTH = 100;
export const PASSWORD_MIN_LENGTH = 8;
const LOCALES = ['en', 'fr'];
// one @, no spaces, a dot in the domain: what the app's 'Invalid e-mail' rule accepts
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

interface UserRoute {
  Params: { id: string };
}

type FieldErrors = Record<string, string>;

const publicUser = ({ id, email, name, locale }: UserAccount) => ({ id, email, name, locale });

function validationError(reply: FastifyReply, fields: FieldErrors) {
  return reply.code(400).send({
    message: 'One or more fields is missing or invalid',
    code: 'VALIDATION_ERROR',
    info: { fields },
  });
}

function validateProfile(body: unknown): { changes: ProfileChanges; errors: FieldErrors } {
  const input = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const changes: ProfileChanges = {};
  const errors: FieldErrors = {};
  if (input.name !== undefined) {
    const name = typeof input.name === 'string' ? input.name.trim() : '';
    if (!name) errors.name = 'Required';
    else if (name.length > NAME_MAX_LENGTH) errors.name = `Max length ${NAME_MAX_LENGTH}`;
    else changes.name = name;
  }
  if (input.email !== undefined) {
    const email = typeof input.email === 'string' ? input.email.trim() : '';
    // the sign-in e-mail cannot be blank, unlike optional contact e-mails elsewhere
    if (!email) errors.email = 'Required';
    else if (!EMAIL.test(email)) errors.email = 'Invalid e-mail';
    else changes.email = email;
  }
  if (input.locale !== undefined) {
    if (input.locale === null || input.locale === '') changes.locale = null;
    else if (typeof input.locale === 'string' && LOCALES.includes(input.locale)) changes.locale = input.locale;
    else errors.locale = `Must be one of ${LOCALES.join(', ')}`;
  }
  return { changes, errors };
}

/**
 * The account endpoints the app calls on the authorization server (spec section 7):
 * GET/POST users/:id and POST users/:id/password, each for the token's own user only.
 */
export async function registerUserRoutes(app: FastifyInstance, db: Db, verify: TokenVerifier): Promise<void> {
  /** The signed-in user when the bearer token belongs to :id; otherwise the reply is sent. */
  async function authorize(request: FastifyRequest<UserRoute>, reply: FastifyReply) {
    try {
      const token = await verify(request.headers.authorization);
      if (token.sub !== request.params.id) {
        reply.code(403).send({ message: 'Forbidden', code: 'FORBIDDEN' });
        return undefined;
      }
      // a signed-out or revoked token must not change the profile or the password
      await assertAccess(db, token.sub, grantOf(request.headers.authorization), { requireGrant: true });
      const user = await findUserById(db, token.sub);
      if (!user?.active) throw new UnauthorizedError('Unknown or inactive user');
      return user;
    } catch (error) {
      if (!(error instanceof UnauthorizedError)) throw error;
      reply.code(401).header('www-authenticate', 'Bearer').send({ message: error.message, code: 'UNAUTHORIZED' });
      return undefined;
    }
  }

  const path = `${ISSUER_PATH}/users/:id`;
  await app.register(async (scope) => {
    scope.get<UserRoute>(path, async (request, reply) => {
      const user = await authorize(request, reply);
      if (user) return publicUser(user);
    });

    scope.post<UserRoute>(path, async (request, reply) => {
      const user = await authorize(request, reply);
      if (!user) return;
      const { changes, errors } = validateProfile(request.body);
      if (!errors.email && changes.email && (await emailTakenByOther(db, changes.email, user.id))) {
        errors.email = 'E-mail already in use';
      }
      if (Object.keys(errors).length) return validationError(reply, errors);
      const updated = await updateProfile(db, user.id, changes);
      return publicUser(updated ?? user);
    });

    scope.post<UserRoute>(`${path}/password`, async (request, reply) => {
      const user = await authorize(request, reply);
      if (!user) return;
      const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
      const current = typeof body.currentPassword === 'string' ? body.currentPassword : '';
      const next = typeof body.newPassword === 'string' ? body.newPassword : '';
      if (next.length < PASSWORD_MIN_LENGTH) {
        return validationError(reply, { newPassword: `Min length ${PASSWORD_MIN_LENGTH}` });
      }
      // a stolen access token must not become a way to guess the password: same limits as sign-in
      const wait = await signInWaitSeconds(db, user.email, request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        return reply.code(429).send({
          message: 'Too many attempts',
          code: 'TOO_MANY_ATTEMPTS',
          info: { seconds: wait, minutes: Math.ceil(wait / 60) },
        });
      }
      const hash = await findPasswordHash(db, user.id);
      if (!hash || !(await verifyPassword(current, hash))) {
        await recordFailedSignIn(db, user.email, request.ip);
        return validationError(reply, { currentPassword: 'Wrong password' });
      }
      await clearFailedSignIns(db, user.email);
      await setPassword(db, user.id, next);
      // whoever else knew the old password is signed out everywhere, this browser included
      await endAllSessions(db, user.id);
      return reply.code(204).send();
    });
  });
}
