// A batch delete's refused rows said in words (issue 16): the live region counts the rows left
// and gives each distinct reason once.
import { describe, expect, it } from 'vitest';
import { failuresOf, refusalSummary } from '../../src/app/generic/deleteOutcome';

describe('refusal summary of a batch delete', () => {
  it('counts the rows left and names each reason once, in the order met', () => {
    const errors = new Map([
      ['4', 'Gin cannot be deleted: 3 products use it'],
      ['9', 'Rum cannot be deleted: 1 product uses it'],
      ['12', 'Gin cannot be deleted: 3 products use it'],
    ]);
    expect(refusalSummary(errors)).toEqual({
      count: 3,
      reasons: ['Gin cannot be deleted: 3 products use it', 'Rum cannot be deleted: 1 product uses it'],
    });
  });

  it('says nothing when every row went', () => {
    expect(refusalSummary(new Map())).toEqual({ count: 0, reasons: [] });
  });

  it('names a row the server left without a reason', () => {
    // two asked, the server deleted '1' and gave no failure entry for '2'
    expect(refusalSummary(failuresOf({ failures: [] }, ['1', '2'], ['1']))).toEqual({
      count: 1,
      reasons: ['Not deleted'],
    });
  });
});
