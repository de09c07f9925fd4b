// A call a person waits for (a setup page listing the other system's locations): the other
// system's failure is theirs to read, in its words, never an internal error of ours.
import { AppError } from '../kernel/errors';
import { ConnectorError } from './connector';

/** Runs `call`; a connector failure becomes CONFLICT "{provider} could not {what} now: …", or
 * what `refused` makes of the other system's refusal of what was asked. */
export async function askNow<T>(
  provider: string,
  what: string,
  call: () => Promise<T>,
  refused?: (words: string) => Error,
): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    if (refused && error.failure.kind === 'rejected') throw refused(error.failure.message);
    throw new AppError('CONFLICT', `${provider} could not ${what} now: ${error.failure.message}`, {
      provider,
      kind: error.failure.kind,
    });
  }
}
