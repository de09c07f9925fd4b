// Periods and due dates of the excise returns (canada-excise.md: a fiscal month by default,
// half-yearly with authorisation; due the last day of the first month after the period).
import { describe, expect, it } from 'vitest';
import {
  addDays,
  dueDate,
  fiscalYearOf,
  periodError,
  periodOf,
  periodsOfFiscalYear,
  previousPeriod,
} from '../../src/server/domain/returns/periods';

describe('excise periods', () => {
  it('due on the last day of the month after the period', () => {
    expect(dueDate('2025-01-31')).toBe('2025-02-28');
    expect(dueDate('2024-01-31')).toBe('2024-02-29');
    expect(dueDate('2025-03-31')).toBe('2025-04-30');
    expect(dueDate('2025-12-31')).toBe('2026-01-31');
    expect(dueDate('2025-06-30')).toBe('2025-07-31');
  });

  it('fiscal months follow the company’s fiscal year start', () => {
    expect(fiscalYearOf('2025-03-15', 4)).toBe(2024);
    expect(fiscalYearOf('2025-04-01', 4)).toBe(2025);
    const months = periodsOfFiscalYear(2025, 4, 'monthly');
    expect(months).toHaveLength(12);
    expect(months[0]).toEqual({ periodStart: '2025-04-01', periodEnd: '2025-04-30' });
    expect(months[10]).toEqual({ periodStart: '2026-02-01', periodEnd: '2026-02-28' });
    expect(months[11]).toEqual({ periodStart: '2026-03-01', periodEnd: '2026-03-31' });
  });

  it('half-years of a fiscal year', () => {
    expect(periodsOfFiscalYear(2025, 7, 'halfYearly')).toEqual([
      { periodStart: '2025-07-01', periodEnd: '2025-12-31' },
      { periodStart: '2026-01-01', periodEnd: '2026-06-30' },
    ]);
    expect(periodOf('2026-03-10', 7, 'halfYearly')).toEqual({ periodStart: '2026-01-01', periodEnd: '2026-06-30' });
  });

  it('the previous period, across a year end', () => {
    expect(previousPeriod({ periodStart: '2025-01-01', periodEnd: '2025-01-31' }, 1, 'monthly')).toEqual({
      periodStart: '2024-12-01',
      periodEnd: '2024-12-31',
    });
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2025-03-01', -1)).toBe('2025-02-28');
  });

  it('a return covers exactly one period', () => {
    expect(periodError('2025-03-01', '2025-03-31', 1)).toBeNull();
    expect(periodError('2025-03-02', '2025-03-31', 1)).toMatch(/not a fiscal month/);
    expect(periodError('2025-03-01', '2025-04-30', 1)).toMatch(/not a fiscal month/);
    expect(periodError('2025-02-29', '2025-03-31', 1)).toMatch(/must be a date/);
    expect(periodError('2025-01-01', '2025-06-30', 1, ['monthly', 'halfYearly'])).toBeNull();
  });
});
