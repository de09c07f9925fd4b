// Which faults of a sync job are the database passing through trouble (retried by the queue)
// rather than a record's failure: PostgreSQL's SQLSTATE classes 08, 40, 53 and 57 (its
// "Appendix A. Error Codes"), and a lost connection, however deep the driver wrapped them.
import { describe, expect, it } from 'vitest';
import { isTransient } from '../../src/server/domain/integrations/store';

describe('isTransient', () => {
  it('names a deadlock, a serialization failure, a lost connection and a timeout', () => {
    expect(isTransient({ code: '40P01' })).toBe(true); // deadlock_detected
    expect(isTransient({ code: '40001' })).toBe(true); // serialization_failure
    expect(isTransient(Object.assign(new Error('query failed'), { cause: { code: '08006' } }))).toBe(true); // connection_failure
    expect(isTransient({ cause: { cause: { code: '57014' } } })).toBe(true); // query_canceled
    expect(isTransient(Object.assign(new Error('read'), { code: 'ECONNRESET' }))).toBe(true);
  });

  it('leaves a record fault as it is', () => {
    expect(isTransient({ code: '23505' })).toBe(false); // unique_violation
    expect(isTransient({ code: '22003' })).toBe(false); // numeric_value_out_of_range
    expect(isTransient(new Error('amount too large: 1e30'))).toBe(false);
    expect(isTransient(null)).toBe(false);
  });
});
