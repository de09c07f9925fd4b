// The arrange the customer portal API tests share: a mailbox that keeps what the app sends (the
// invitation link is read from it as the person would), the staff's GraphQL and the portal's,
// records created through the API, people with a user row, staff colleagues with given
// permissions, the customerPortal add-on, and inviting a customer's person. Not a test file:
// vitest includes tests/**/*.test.ts only.
import { randomUUID } from 'node:crypto';
import type { TestApi } from '../harness';
import { membershipTable, userTable } from '../../../src/generated/tables';
import type { Mailer } from '../../../src/server/http/mail';

export type Gql<T> = {
  status: number;
  body: {
    data?: T | null;
    errors?: { message: string; extensions: { code: string; info: Record<string, unknown> } }[];
  };
};
export interface Mail {
  to: string;
  subject: string;
  text: string;
}

export const INVITE = `mutation($c: ID!, $e: String!) { portalInviteCustomerUser(customerId: $c, email: $e) { id status customerName } }`;
export const ACCEPT = `mutation($t: String!) { portalAcceptInvitation(token: $t) }`;

/** Every portal operation that acts for one customer (the order places one of `productId`). */
export const customerOperations = (productId: string) => [
  `{ portalCustomer { id } }`,
  `{ portalSections }`,
  `{ portalProducts { id } }`,
  `{ portalOrders { id } }`,
  `{ portalShipments { id } }`,
  `{ portalInvoices { id } }`,
  `{ portalStatement(from: "2026-01-01", to: "2026-12-31") { closingBalance } }`,
  `mutation { portalPlaceOrder(input: { lines: [{ productId: "${productId}", quantity: 1 }] }) { id } }`,
];

/** What the app mails, kept in order; `mailer` goes to startApi. */
export function mailbox() {
  const mails: Mail[] = [];
  const mailer: Mailer = { send: async (m) => void mails.push(m) };
  /** the invitation token of the last mail's link (…?invitation=<43 characters>) */
  const lastInvitation = () => mails.at(-1)!.text.match(/invitation=([A-Za-z0-9_-]{43})/)![1];
  return { mails, mailer, lastInvitation };
}

export const ok = <T>(r: Gql<T>): T => {
  if (r.body.errors) throw new Error(JSON.stringify(r.body.errors));
  return r.body.data!;
};
export const codeOf = (r: Gql<unknown>) => r.body.errors?.[0]?.extensions.code;

/** The calls the portal tests make, on the API `api()` answers and with the staff token
 * `staffToken()` answers when no other is given (both are made in beforeAll, after these). */
export function portalCalls(api: () => TestApi, staffToken: () => string) {
  const post = async <T>(
    url: string,
    query: string,
    variables: Record<string, unknown> = {},
    token?: string,
    headers = {},
  ) => {
    const res = await api().app.inject({
      method: 'POST',
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      payload: { query, variables },
    });
    return { status: res.statusCode, body: res.json() } as Gql<T>;
  };
  /** the app's GraphQL (staff) */
  const main = <T>(companyId: string, query: string, variables?: Record<string, unknown>, token = staffToken()) =>
    post<T>(`/graphql/${companyId}`, query, variables, token);
  /** the portal's GraphQL */
  const portalAt = <T>(
    companyId: string,
    query: string,
    variables: Record<string, unknown> | undefined,
    token: string,
    headers = {},
  ) => post<T>(`/portal/graphql/${companyId}`, query, variables, token, headers);
  /** `<entity>Create` through the API; answers the id */
  const create = async (companyId: string, entity: string, input: Record<string, unknown>, token = staffToken()) => {
    const type = entity[0].toUpperCase() + entity.slice(1);
    const r = await main<Record<string, { id: string }>>(
      companyId,
      `mutation($input: ${type}Input!) { ${entity}Create(input: $input) { id } }`,
      { input },
      token,
    );
    return ok(r)[`${entity}Create`].id;
  };
  /** a user row (a person who signed up), named after the address */
  const newUser = async (email: string, name = email.split('@')[0]) => {
    const [u] = await api().database.db.insert(userTable).values({ email, name }).returning({ id: userTable.id });
    return String(u.id);
  };
  /** a person with a unique address at `domain` */
  const person = async (name: string, domain = 'portal.test') => {
    const email = `${name}-${randomUUID().slice(0, 6)}@${domain}`;
    return { email, userId: await newUser(email, name) };
  };
  /** a colleague of the company's staff with only these permissions; answers their user id */
  const colleague = async (companyId: string, permissions: string[], name = 'Colleague') => {
    const userId = await newUser(`${randomUUID()}@example.test`, name);
    await api().database.db.insert(membershipTable).values({ companyId, user: userId, permissions });
    return userId;
  };
  /** the company's customerPortal add-on of /apps, on or off */
  const setPortalAddOn = async (companyId: string, enabled: boolean, token = staffToken()) =>
    ok(
      await main(
        companyId,
        `mutation($on: Boolean!) { addOnSet(addOn: "customerPortal", enabled: $on) }`,
        {
          on: enabled,
        },
        token,
      ),
    );
  /** staff invite; answers the invitation and the token of the link mailed for it */
  const invite = async (
    mail: ReturnType<typeof mailbox>,
    companyId: string,
    customerId: string,
    email: string,
    token = staffToken(),
  ) => {
    const invited = ok(
      await main<{ portalInviteCustomerUser: { id: string; status: string } }>(
        companyId,
        INVITE,
        { c: customerId, e: email },
        token,
      ),
    ).portalInviteCustomerUser;
    return { id: invited.id, status: invited.status, link: mail.lastInvitation() };
  };
  /** the invited person, signed in with `token`, accepts with the mailed link's token */
  const accept = (companyId: string, link: string, token: string) =>
    portalAt<{ portalAcceptInvitation: string }>(companyId, ACCEPT, { t: link }, token);
  return { post, main, portalAt, create, newUser, person, colleague, setPortalAddOn, invite, accept };
}
