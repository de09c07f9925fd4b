// The spec's services (spec 7): "all are GraphQL POSTs to /graphql/{companyId} on one endpoint
// per service (main, e-commerce, point-of-sale, portal)". One server answers them all, each
// under its own base path; the client and the server take the paths from here.
export const SERVICE_BASES = {
  main: '',
  ecommerce: '/ecommerce',
  pointOfSale: '/pointofsale',
  portal: '/portal',
} as const;

export type Service = keyof typeof SERVICE_BASES;

/** The staff app's services besides main: each serves the root fields of its domain module. */
export type StaffService = Exclude<Service, 'portal'>;

/** Every staff service, main first: the server registers an endpoint for each. */
export const STAFF_SERVICES: readonly StaffService[] = ['main', 'ecommerce', 'pointOfSale'];

/** `{base}/graphql/{companyId}`; before any company is known, main's `/graphql` (the only
 * company-less endpoint). */
export function graphqlPathOf(service: Service, companyId: string | null): string {
  return companyId ? `${SERVICE_BASES[service]}/graphql/${encodeURIComponent(companyId)}` : '/graphql';
}

/** Spec 7's "product version header": every call carries the version of the client that makes
 * it, and every answer the server's (the staff app saves main's, and says 'has been updated'
 * when it changes). */
export const VERSION_HEADER = 'x-version';
