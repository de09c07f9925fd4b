// logClientError (spec 7): uncaught interface errors and failed queries are reported to the
// server. Reports are deduplicated and limited, and never report their own failure.
import { MAX_STRING_LENGTH } from '../../shared/limits';

export interface ClientErrorInput {
  query?: string;
  variables?: string;
  message: string;
}

export const LOG_CLIENT_ERROR_DOCUMENT =
  'mutation LogClientError($input: ClientErrorInput!) { logClientError(input: $input) }';

const MAX_REPORTS_PER_MINUTE = 10;

/** the server refuses longer strings (src/shared/limits.ts): a long report is cut, not lost */
const clip = (text: string | undefined) =>
  text === undefined || text.length <= MAX_STRING_LENGTH ? text : `${text.slice(0, MAX_STRING_LENGTH - 1)}…`;

export function createClientErrorReporter(send: (input: ClientErrorInput) => Promise<unknown>, now = Date.now) {
  const recent: { at: number; key: string }[] = [];
  return (input: ClientErrorInput): boolean => {
    const t = now();
    while (recent.length && t - recent[0].at > 60_000) recent.shift();
    const key = `${input.message}\n${input.query ?? ''}`;
    if (recent.length >= MAX_REPORTS_PER_MINUTE || recent.some((r) => r.key === key)) return false;
    recent.push({ at: t, key });
    send({ query: clip(input.query), variables: clip(input.variables), message: clip(input.message)! }).catch(
      () => undefined,
    );
    return true;
  };
}

export function describeUncaught(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message}${error.stack ? `\n${error.stack}` : ''}`;
  try {
    return typeof error === 'string' ? error : JSON.stringify(error);
  } catch {
    return String(error);
  }
}
