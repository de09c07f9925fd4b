// What a connector call failed with, as the sync sorts it (kind and words): the call must fail
// with a ConnectorError, anything else fails the test.
import { expect } from 'vitest';
import { ConnectorError, type ConnectorFailure } from '../../../src/server/domain/integrations/connector';

export async function connectorFailureOf(call: Promise<unknown>): Promise<ConnectorFailure> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ConnectorError);
  return (error as ConnectorError).failure;
}
