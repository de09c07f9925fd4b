// The kernel's shared rules: CSV lines, record ids and the ledgers' standing rows.
import { describe, expect, it } from 'vitest';
import { PgDialect } from 'drizzle-orm/pg-core';
import { csvLine } from '../../src/server/domain/kernel/csv';
import { ID, LOT_MAX } from '../../src/server/domain/kernel/ids';
import { standing } from '../../src/server/domain/kernel/ledgerRows';
import { reportAllowedFor, type ReportMeta } from '../../src/shared/reports/types';

describe('csvLine', () => {
  it('neutralises formulas, quotes commas, quotes and line breaks, and keeps numbers', () => {
    expect(csvLine(['a', 'b,c', 'say "hi"', 'two\nlines', '=SUM(A1)', '-12.5', null, 3])).toBe(
      'a,"b,c","say ""hi""","two\nlines",\'=SUM(A1),-12.5,,3',
    );
  });
});

describe('ID', () => {
  it('takes 1 to 18 digits: every such number fits a bigint, 19 digits may not', () => {
    expect(ID.test('1')).toBe(true);
    expect(ID.test('999999999999999999')).toBe(true);
    expect(ID.test('9999999999999999999')).toBe(false);
    expect(ID.test('')).toBe(false);
    expect(ID.test('-1')).toBe(false);
    expect(LOT_MAX).toBe(60);
  });
});

describe('standing', () => {
  it('is not a reversal and not reversed, within the alias', () => {
    const text = new PgDialect().sqlToQuery(standing('excise_transactions', 's')).sql;
    expect(text).toBe(
      's.reverses_id IS NULL AND NOT EXISTS (SELECT 1 FROM excise_transactions r_s WHERE r_s.company_id = s.company_id AND r_s.reverses_id = s.id)',
    );
    expect(() => standing('inventory_transactions', 't; DROP')).toThrow();
  });
});

describe('reportAllowedFor', () => {
  const meta = { permissions: ['production'], feature: 'allowWine' } as unknown as ReportMeta;
  it('needs one of the permissions and the feature when the report has one', () => {
    expect(reportAllowedFor(['production.read'], { allowWine: true }, meta)).toBe(true);
    expect(reportAllowedFor(['production'], { allowWine: false }, meta)).toBe(false);
    expect(reportAllowedFor(['selling'], { allowWine: true }, meta)).toBe(false);
    expect(reportAllowedFor(['production'], {}, { ...meta, feature: undefined })).toBe(true);
  });
});
