import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import type { Interaction } from 'oidc-provider';
import type { Db } from '../db/connect';
import { findUserByEmail } from './accounts';
import { ISSUER_PATH, PORTAL_CLIENT_ID, WEB_CLIENT_ID } from './constants';
import { explicitLanguage, LANGUAGE_COOKIE, pickLanguage, type Language } from './page-language';
import { PAGE_TEXTS } from './page-texts';
import { pageSecurityHeaders, renderMessagePage, renderSignInPage } from './pages';
import { decoyPasswordHash, findPasswordHash, verifyPassword } from './passwords';
import { clearFailedSignIns, recordFailedSignIn, signInWaitSeconds } from './signin-attempts';

interface InteractionRoute {
  Params: { uid: string };
  Querystring: { lang?: string };
}

interface Context {
  db: Db;
  provider: Provider;
  publicOrigin: string;
}

function languageFor(request: FastifyRequest<InteractionRoute>, interaction?: Interaction): Language {
  return pickLanguage({
    query: request.query.lang,
    cookieHeader: request.headers.cookie,
    uiLocales: interaction?.params.ui_locales,
    acceptLanguage: request.headers['accept-language'],
  });
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).headers(pageSecurityHeaders()).type('text/html; charset=utf-8').send(html);
}

/** The interaction cookie is gone or expired: the user must start again from the app. */
function sendExpired(reply: FastifyReply, lang: Language, publicOrigin: string) {
  const t = PAGE_TEXTS[lang];
  const link = { href: `${publicOrigin}/`, text: t.backToApp };
  return sendHtml(reply, 400, renderMessagePage({ lang, title: t.expiredTitle, message: t.expired, link }));
}

async function loadInteraction(provider: Provider, request: FastifyRequest<InteractionRoute>, reply: FastifyReply) {
  try {
    const interaction = await provider.interactionDetails(request.raw, reply.raw);
    return interaction.uid === request.params.uid ? interaction : undefined;
  } catch {
    return undefined; // SessionNotFound: no or stale interaction cookie
  }
}

/** Our own app needs no consent screen: grant what it asked for (scopes and the API resource). */
async function grantConsent(provider: Provider, interaction: Interaction): Promise<string> {
  const { prompt, params, session } = interaction;
  const grant =
    (interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined) ??
    new provider.Grant({ accountId: session!.accountId, clientId: params.client_id! });
  const details = prompt.details as {
    missingOIDCScope?: string[];
    missingOIDCClaims?: string[];
    missingResourceScopes?: Record<string, string[]>;
  };
  if (details.missingOIDCScope) grant.addOIDCScope(details.missingOIDCScope.join(' '));
  if (details.missingOIDCClaims) grant.addOIDCClaims(details.missingOIDCClaims);
  for (const [resource, scopes] of Object.entries(details.missingResourceScopes ?? {})) {
    grant.addResourceScope(resource, scopes.join(' '));
  }
  return grant.save();
}

function parseForm(body: unknown): { email: string; password: string } {
  const form = new URLSearchParams(typeof body === 'string' ? body : '');
  return { email: (form.get('email') ?? '').trim(), password: form.get('password') ?? '' };
}

export async function registerInteractionRoutes(app: FastifyInstance, { db, provider, publicOrigin }: Context) {
  const pagePath = (uid: string) => `${ISSUER_PATH}/interaction/${encodeURIComponent(uid)}`;

  function signInPage(
    reply: FastifyReply,
    uid: string,
    lang: Language,
    status: number,
    email?: string,
    error?: string,
  ) {
    const html = renderSignInPage({
      lang,
      action: `${pagePath(uid)}/login?lang=${lang}`,
      switchHref: (other) => `${pagePath(uid)}?lang=${other}`,
      email,
      error,
    });
    return sendHtml(reply, status, html);
  }

  await app.register(async (scope) => {
    // the form posts application/x-www-form-urlencoded; it is small, parsed in the handler
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 16 * 1024 },
      (_req, body, done) => done(null, body),
    );

    scope.get<InteractionRoute>(`${ISSUER_PATH}/interaction/:uid`, async (request, reply) => {
      const chosen = explicitLanguage(request.query.lang);
      if (chosen) {
        // remember the switch for the form post and later visits
        reply.header(
          'set-cookie',
          `${LANGUAGE_COOKIE}=${chosen}; Path=${ISSUER_PATH}; Max-Age=31536000; SameSite=Lax; HttpOnly`,
        );
      }
      const interaction = await loadInteraction(provider, request, reply);
      const lang = languageFor(request, interaction);
      if (!interaction) return sendExpired(reply, lang, publicOrigin);

      if (interaction.prompt.name === 'login') {
        const hint = typeof interaction.params.login_hint === 'string' ? interaction.params.login_hint : undefined;
        return signInPage(reply, interaction.uid, lang, 200, hint);
      }
      const result =
        // both clients are ours (the app and the customer portal): no consent screen
        interaction.prompt.name === 'consent' &&
        (interaction.params.client_id === WEB_CLIENT_ID || interaction.params.client_id === PORTAL_CLIENT_ID)
          ? { consent: { grantId: await grantConsent(provider, interaction) } }
          : { error: 'access_denied', error_description: `${interaction.prompt.name} is not supported` };
      const returnTo = await provider.interactionResult(request.raw, reply.raw, result, {
        mergeWithLastSubmission: true,
      });
      return reply.redirect(returnTo, 303);
    });

    scope.post<InteractionRoute>(`${ISSUER_PATH}/interaction/:uid/login`, async (request, reply) => {
      const interaction = await loadInteraction(provider, request, reply);
      const lang = languageFor(request, interaction);
      if (!interaction) return sendExpired(reply, lang, publicOrigin);
      if (interaction.prompt.name !== 'login') return reply.redirect(pagePath(interaction.uid), 303);

      const t = PAGE_TEXTS[lang];
      const { email, password } = parseForm(request.body);
      const wait = await signInWaitSeconds(db, email, request.ip);
      if (wait > 0) {
        reply.header('retry-after', String(wait));
        return signInPage(reply, interaction.uid, lang, 429, email, t.tooManyAttempts(wait));
      }

      const user = email ? await findUserByEmail(db, email) : undefined;
      const hash = user?.active ? await findPasswordHash(db, user.id) : undefined;
      // always run scrypt, so an unknown e-mail takes as long to refuse as a wrong password
      const matches = await verifyPassword(password, hash ?? (await decoyPasswordHash()));
      if (!user || !hash || !matches) {
        await recordFailedSignIn(db, email, request.ip);
        return signInPage(reply, interaction.uid, lang, 400, email, t.wrongCredentials);
      }

      await clearFailedSignIns(db, email);
      const returnTo = await provider.interactionResult(request.raw, reply.raw, {
        login: { accountId: user.id, amr: ['pwd'] },
      });
      return reply.redirect(returnTo, 303);
    });
  });
}
