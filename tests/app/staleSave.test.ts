// Issue 10, point 11: an edit screen tells a stale save (CONFLICT with the record's current
// version) from every other failure, and shows the server's message with Reload.
import { describe, expect, it } from 'vitest';
import { toHttpError } from '../../src/app/data/dataProvider';
import { staleSaveMessage } from '../../src/app/generic/StaleSave';
import { CONFLICT_MESSAGE } from '../../src/server/domain/records/version';

const apolloError = (message: string, code: string, info?: unknown) => ({
  message,
  graphQLErrors: [{ message, extensions: { code, ...(info === undefined ? {} : { info }) } }],
});

describe('stale save', () => {
  it("reads the server's message from a refused stale update, as react-admin hands it over", () => {
    const error = toHttpError(
      apolloError(CONFLICT_MESSAGE, 'CONFLICT', { id: '7', entity: 'customer', version: 'v2' }),
    );
    expect(staleSaveMessage(error)).toBe(CONFLICT_MESSAGE);
  });

  it('leaves every other failure to the usual notification', () => {
    // a business rule refusing the save is a CONFLICT too, but not a stale one: no Reload
    expect(staleSaveMessage(toHttpError(apolloError('Lot is closed', 'CONFLICT', { id: '7' })))).toBeNull();
    expect(staleSaveMessage(toHttpError(apolloError('Lot is closed', 'CONFLICT')))).toBeNull();
    expect(
      staleSaveMessage(toHttpError(apolloError('invalid', 'VALIDATION_ERROR', { fields: { name: 'Required' } }))),
    ).toBeNull();
    expect(staleSaveMessage(toHttpError(apolloError('Customer 7 not found', 'NOT_FOUND')))).toBeNull();
    expect(staleSaveMessage(new Error('network'))).toBeNull();
    expect(staleSaveMessage(null)).toBeNull();
    expect(staleSaveMessage('text')).toBeNull();
  });
});
