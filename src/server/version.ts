import { readFileSync } from 'node:fs';

/** The product version sent on every response (header x-version); the client saves it under
 * localStorage `version` and shows the 'has been updated' banner when it changes. */
export const PRODUCT_VERSION: string = JSON.parse(
  readFileSync(new URL('../../package.json', import.meta.url), 'utf8'),
).version;
export { VERSION_HEADER } from '../shared/services';
