// Helpers of the issue 4 specs: the signed-in user's token (oidc-client-ts keeps it in
// sessionStorage), direct API calls to look up ids, and switching the current company.
import type { Page } from 'playwright-core';
import { BASE_URL } from './browser';

export interface DemoCompany {
  id: string;
  name: string;
  flags: Record<string, unknown>;
}

export async function accessToken(page: Page): Promise<string> {
  const token = await page.evaluate(() => {
    for (let i = 0; i < sessionStorage.length; i++) {
      const key = sessionStorage.key(i);
      if (key?.startsWith('oidc.user:'))
        return (JSON.parse(sessionStorage.getItem(key) ?? '{}') as { access_token?: string }).access_token;
    }
    return undefined;
  });
  if (!token) throw new Error('not signed in: no oidc user in sessionStorage');
  return token;
}

export async function api<T>(token: string, companyId: string | null, query: string, variables?: object): Promise<T> {
  const response = await fetch(`${BASE_URL}/graphql${companyId ? `/${companyId}` : ''}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ query, variables }),
  });
  const json = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (json.errors?.length) throw new Error(`GraphQL: ${json.errors.map((e) => e.message).join('; ')}`);
  return json.data as T;
}

/** A GraphQL call made as the page's browser makes it, its cookies kept (page.request shares
 * the browser's): Connect, whose answer sets the cookie the OAuth callback must bring back. */
export async function apiInBrowser<T>(
  page: Page,
  token: string,
  companyId: string,
  query: string,
  variables?: object,
): Promise<T> {
  const response = await page.request.post(`${BASE_URL}/graphql/${companyId}`, {
    headers: { authorization: `Bearer ${token}` },
    data: { query, variables },
  });
  const json = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (json.errors?.length) throw new Error(`GraphQL: ${json.errors.map((e) => e.message).join('; ')}`);
  return json.data as T;
}

/** Makes `companyId` the current company (localStorage `companyId`, read when the app loads). */
export async function openCompany(page: Page, companyId: string, path = '/dashboard'): Promise<void> {
  await page.evaluate((id) => localStorage.setItem('companyId', id), companyId);
  await page.goto(BASE_URL + path);
}

/**
 * The calendar day `daysAgo` days back in the demo companies' zone (Toronto; Montreal keeps the
 * same clock): what a person there types as today. The machine's clock is UTC, which is already
 * tomorrow in a Toronto evening, and the app's date inputs default to the company's today.
 */
export function companyDay(daysAgo = 0, timeZone = 'America/Toronto'): string {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' });
  return day.format(new Date(Date.now() - daysAgo * 86_400_000));
}

/** The id of the signed-in user's company called `name` ('' when they have none by that name). */
export async function companyIdNamed(token: string, name: string): Promise<string> {
  const { companies } = await api<{ companies: { id: string; name: string }[] }>(
    token,
    null,
    '{ companies { id name } }',
  );
  return companies.find((c) => c.name === name)?.id ?? '';
}
