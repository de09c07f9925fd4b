// Tokens at rest: AES-256-GCM under INTEGRATIONS_KEY (32 bytes, base64). Each sealed value names
// its company and app as additional data, so a value copied into another company's row does
// not open there. The browser never receives these values; only this module reads them.
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import { serverConfig } from '../../config';
import { AppError } from '../kernel/errors';

const VERSION = 'v1';

/** The key, or a clear refusal: connecting without it would store tokens in clear. */
export function integrationsKey(env: NodeJS.ProcessEnv = process.env): Buffer {
  const encoded = serverConfig(env).integrationsKey;
  if (!encoded)
    throw new AppError(
      'VALIDATION_ERROR',
      'Integrations are not set up on this server: INTEGRATIONS_KEY (32 bytes, base64) is missing',
    );
  const key = Buffer.from(encoded, 'base64');
  if (key.length !== 32) throw new AppError('VALIDATION_ERROR', 'INTEGRATIONS_KEY must be 32 bytes, base64 encoded');
  return key;
}

const aad = (companyId: string, app: string) => Buffer.from(`${companyId}:${app}`, 'utf8');

export function sealSecrets(value: object, companyId: string, app: string, key = integrationsKey()): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(aad(companyId, app));
  const body = Buffer.concat([cipher.update(JSON.stringify(value), 'utf8'), cipher.final()]);
  return [VERSION, iv.toString('base64'), cipher.getAuthTag().toString('base64'), body.toString('base64')].join('.');
}

export function openSecrets<T>(sealed: string, companyId: string, app: string, key = integrationsKey()): T {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== VERSION || !iv || !tag || !body) throw new Error('sealed integration secrets: unknown format');
  const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64'));
  decipher.setAAD(aad(companyId, app));
  decipher.setAuthTag(Buffer.from(tag, 'base64'));
  const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64')), decipher.final()]).toString('utf8');
  return JSON.parse(text) as T;
}

/** A key for signing OAuth states, derived from the sealing key so one secret serves both. */
export const stateSigningKey = (key = integrationsKey()) =>
  createHmac('sha256', key).update('integrations oauth state').digest();
