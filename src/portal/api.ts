// Calls to the portal's own endpoint, POST /portal/graphql/:companyId
// (src/server/graphql/portalPlugin.ts). Errors keep the server's message, code and, for a
// VALIDATION_ERROR, the message of each field, so the screens show what the server said.
import { VERSION_HEADER } from '../shared/services';

export class PortalError extends Error {
  constructor(
    message: string,
    readonly code: string,
    readonly fields: Record<string, string> = {},
    /** the server's extensions.info (addOn: the company's add-on that is off) */
    readonly info: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'PortalError';
  }
}

interface GraphqlAnswer<T> {
  data?: T | null;
  errors?: {
    message: string;
    extensions?: { code?: string; info?: { fields?: Record<string, string> } & Record<string, unknown> };
  }[];
}

export type PortalCall = <T>(query: string, variables?: Record<string, unknown>) => Promise<T>;

/** The header naming the customer a request acts for (src/server/domain/portal/access.ts). */
export const CUSTOMER_HEADER = 'x-portal-customer';

/** `signedOut` runs when the person has no token the server takes any more (expired for good,
 * signed out elsewhere, their grant revoked): the portal then signs in again. `customerId`, when
 * given, is sent with every request: the customer the person acts for; `clientVersion`, the
 * product version the portal was loaded as (spec 7's version header). */
export function portalCaller(
  companyId: string,
  accessToken: () => Promise<string | null>,
  signedOut: () => void = () => undefined,
  { customerId, clientVersion }: { customerId?: string; clientVersion?: string } = {},
): PortalCall {
  const unauthenticated = () => {
    signedOut();
    return new PortalError('Sign in again', 'UNAUTHENTICATED');
  };
  return async <T>(query: string, variables?: Record<string, unknown>): Promise<T> => {
    const token = await accessToken();
    if (!token) throw unauthenticated();
    let response: Response;
    try {
      response = await fetch(`/portal/graphql/${encodeURIComponent(companyId)}`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          authorization: `Bearer ${token}`,
          ...(customerId ? { [CUSTOMER_HEADER]: customerId } : {}),
          ...(clientVersion ? { [VERSION_HEADER]: clientVersion } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
    } catch {
      throw new PortalError('The server cannot be reached: check the connection and try again', 'NETWORK');
    }
    if (response.status === 401) throw unauthenticated();
    let answer: GraphqlAnswer<T>;
    try {
      answer = (await response.json()) as GraphqlAnswer<T>;
    } catch {
      throw new PortalError(`The server answered ${response.status}`, 'NETWORK');
    }
    const error = answer.errors?.[0];
    if (error)
      throw new PortalError(
        error.message,
        error.extensions?.code ?? 'ERROR',
        error.extensions?.info?.fields ?? {},
        error.extensions?.info ?? {},
      );
    return answer.data as T;
  };
}
