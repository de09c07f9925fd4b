// A call a person waits for (a setup page listing the other system's locations): the other
// system's failure is theirs to read, in its words, never an internal error of ours.
import { AppError } from '../kernel/errors';
import { ConnectorError } from './connector';

/** Runs `call`; a connector failure becomes CONFLICT "{provider} could not {what} now: …". */
export async function askNow<T>(provider: string, what: string, call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (!(error instanceof ConnectorError)) throw error;
    throw new AppError('CONFLICT', `${provider} could not ${what} now: ${error.failure.message}`, {
      provider,
      kind: error.failure.kind,
    });
  }
}
