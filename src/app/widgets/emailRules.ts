// Comma-separated e-mail addresses (spec 5): blank passes; otherwise 'Invalid e-mail'.
import { isEmailOrBlank } from '../../shared/validation';

export const EMAIL_MESSAGE = 'app.validation.email';

export const emailListError = (value: unknown): { message: string; args: Record<string, unknown> } | undefined =>
  typeof value === 'string' && !isEmailOrBlank(value) ? { message: EMAIL_MESSAGE, args: {} } : undefined;

/** 'a@x.ca, b@y.ca' -> ['a@x.ca', 'b@y.ca'] */
export const splitEmails = (value: string): string[] =>
  value
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
