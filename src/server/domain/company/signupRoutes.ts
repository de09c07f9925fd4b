// The public sign-up endpoints the /signup screens call (no token: the person has no account
// yet). POST /api/signup asks for a confirmation link; POST /api/signup/confirm opens it (a POST,
// not the GET of the mailed link itself, so a mail scanner that follows links confirms nothing).
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/connect';
import type { Mailer } from '../../http/mail';
import { AppError } from '../kernel/errors';
import { confirmSignup, requestSignup, validateSignup } from './signup';
import { recordSignup, signupWaitSeconds } from './signupThrottle';

/** What the page shows after any accepted request, whether or not the address had an account. */
export const SIGNUP_SENT =
  'Check your e-mail: we sent a message to this address. Open its link to finish creating your account.';

export interface SignupRouteOptions {
  db: Db;
  mail: Mailer;
  publicOrigin: string;
  /** false with an external issuer: passwords are not ours to keep, accounts live there */
  enabled: boolean;
}

export async function registerSignupRoutes(app: FastifyInstance, options: SignupRouteOptions): Promise<void> {
  const { db, mail, publicOrigin } = options;
  const unavailable = {
    code: 'NOT_FOUND',
    message: 'Sign-up is not available here: accounts are managed by your organisation’s sign-in service.',
  };

  app.post('/api/signup', async (request, reply) => {
    if (!options.enabled) return reply.code(404).send(unavailable);
    const { input, errors } = validateSignup(request.body);
    if (!input)
      return reply.code(400).send({
        code: 'VALIDATION_ERROR',
        message: 'One or more fields is missing or invalid',
        info: { fields: errors },
      });
    const wait = await signupWaitSeconds(db, input.email, request.ip);
    if (wait > 0) {
      reply.header('retry-after', String(wait));
      return reply.code(429).send({
        code: 'TOO_MANY_ATTEMPTS',
        message: `Too many sign-up requests: try again in ${Math.ceil(wait / 60)} minute(s).`,
        info: { seconds: wait, minutes: Math.ceil(wait / 60) },
      });
    }
    await recordSignup(db, input.email, request.ip);
    await mail.send(await requestSignup(db, input, publicOrigin));
    return reply.code(202).send({ message: SIGNUP_SENT });
  });

  app.post('/api/signup/confirm', async (request, reply) => {
    if (!options.enabled) return reply.code(404).send(unavailable);
    const body = (request.body && typeof request.body === 'object' ? request.body : {}) as Record<string, unknown>;
    try {
      const { email } = await confirmSignup(db, typeof body.token === 'string' ? body.token : '');
      return { email };
    } catch (error) {
      if (error instanceof AppError) return reply.code(404).send({ code: error.code, message: error.message });
      throw error;
    }
  });
}
