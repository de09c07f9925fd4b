// Predicates the generated validators and the client widgets share.
import { z } from 'zod';
import { messages } from './messages';

const EMAIL = /^[^\s@,;]+@[^\s@,;]+\.[^\s@,;]+$/;

/** Blank passes; otherwise every comma-separated address must look like an e-mail (spec 5). */
export const isEmailOrBlank = (value: string): boolean =>
  value.trim() === '' || value.split(',').every((part) => EMAIL.test(part.trim()));

// PostgreSQL has no year 0 (1 BC comes before AD 1): 0000-… is refused rather than failing there
export const isIsoDate = (value: string): boolean => {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || value.startsWith('0000')) return false;
  const d = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === value;
};

export const isIsoDateTime = (value: string): boolean =>
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:\d{2})$/.test(value) &&
  isIsoDate(value.slice(0, 10)) &&
  !Number.isNaN(Date.parse(value));

export const hasAtMostDecimals = (value: number, precision: number): boolean => {
  const scaled = value * 10 ** precision;
  return Math.abs(scaled - Math.round(scaled)) < 1e-6 * Math.max(1, Math.abs(scaled));
};

const isPresent = (v: unknown) => v !== null && v !== undefined && !(typeof v === 'string' && v.trim() === '');

/** A value that must be given and not blank ('Required'), then checked by `schema`. */
export const requiredValue = <T extends z.ZodType>(schema: T) =>
  z.unknown().refine(isPresent, { message: messages.required, abort: true }).pipe(schema);

/** An optional value: absent, null, or blank text all mean "no value" (stored as NULL). */
export const optionalValue = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? null : v), schema.nullable()).optional();

/** Text is stored trimmed. */
export const trimmed = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
