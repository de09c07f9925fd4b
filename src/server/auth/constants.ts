/** The audience (resource indicator) of access tokens for our GraphQL API. */
export const API_AUDIENCE = 'urn:distillery:api';

/** The single public client: the browser app. */
export const WEB_CLIENT_ID = 'distillery-web';

/** The customer portal's public client (issue 18): its tokens open only the portal's endpoint
 * (/portal/graphql), never the app's API. */
export const PORTAL_CLIENT_ID = 'distillery-portal';

/** Where the embedded authorization server lives under the app's public origin. */
export const ISSUER_PATH = '/oidc';

/** Scopes the browser app asks for and the API accepts. */
export const API_SCOPES = 'openid profile email';

export const ACCESS_TOKEN_TTL_SECONDS = 60 * 60;
