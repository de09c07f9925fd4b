// Input rules shared by the vessel actions: each bad field answers VALIDATION_ERROR with the
// spec's words under its name, all problems of a form at once.
import { isValid, parseISO } from 'date-fns';
import { messages } from '../../../shared/messages';
import { isExciseCategory, type ExciseCategory } from '../../../shared/excise/categories';
import { validationError } from '../kernel/errors';
import { centiOf, milliOf, MAX_MILLI, type Centi, type Milli } from './quantities';

export type Raw = Record<string, unknown>;

export class Fields {
  readonly problems: Record<string, string> = {};
  constructor(readonly raw: Raw) {}

  private fail(field: string, message: string) {
    this.problems[field] ??= message;
  }

  id(field: string, required = true): string | null {
    const v = this.raw[field];
    if (v === null || v === undefined || v === '') {
      if (required) this.fail(field, messages.required);
      return null;
    }
    if (typeof v !== 'string' || !/^\d{1,18}$/.test(v)) {
      this.fail(field, messages.invalidReference);
      return null;
    }
    return v;
  }

  date(field: string): string {
    const v = this.raw[field];
    if (typeof v !== 'string' || !v.trim()) {
      this.fail(field, messages.required);
      return '';
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || !isValid(parseISO(v)) || v < '1900-01-01' || v > '2199-12-31') {
      this.fail(field, messages.invalidDate);
      return '';
    }
    return v;
  }

  text(field: string, max: number, required = false): string | null {
    const v = this.raw[field];
    if (v === null || v === undefined || (typeof v === 'string' && !v.trim())) {
      if (required) this.fail(field, messages.required);
      return null;
    }
    if (typeof v !== 'string') {
      this.fail(field, messages.required);
      return null;
    }
    if (v.length > max) this.fail(field, messages.maxLength(max));
    return v.trim();
  }

  /** a volume in litres: > 0, at most 3 decimals kept */
  volume(field: string, required = true): Milli | null {
    const v = this.raw[field];
    if (v === null || v === undefined) {
      if (required) this.fail(field, messages.required);
      return null;
    }
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.fail(field, messages.required);
      return null;
    }
    const m = milliOf(v);
    if (m <= 0) this.fail(field, messages.mustBePositive);
    else if (m > MAX_MILLI) this.fail(field, messages.mustBeAtMost(MAX_MILLI / 1000));
    return m;
  }

  /** a volume that may be zero (a measured volume after a loss) */
  volumeOrZero(field: string): Milli | null {
    const v = this.raw[field];
    if (typeof v === 'number' && v === 0) return 0;
    return this.volume(field);
  }

  strength(field: string): Centi | null {
    const v = this.raw[field];
    if (typeof v !== 'number' || !Number.isFinite(v)) {
      this.fail(field, messages.required);
      return null;
    }
    const c = centiOf(v);
    if (c < 0 || c > 9900) this.fail(field, messages.strengthRange);
    return c;
  }

  money(field: string): number | null {
    const v = this.raw[field];
    if (v === null || v === undefined) return null;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0 || v > 1e12) {
      this.fail(field, messages.mustBePositive);
      return null;
    }
    return Math.round(v * 100);
  }

  bool(field: string): boolean {
    return this.raw[field] === true;
  }

  category(field: string, required: boolean): ExciseCategory | null {
    const v = this.raw[field];
    if (v === null || v === undefined) {
      if (required) this.fail(field, messages.required);
      return null;
    }
    if (!isExciseCategory(v)) {
      this.fail(field, 'Choose an excise category from the list');
      return null;
    }
    return v;
  }

  /** a problem found by a rule of the action, after the fields parsed */
  refuse(field: string, message: string): void {
    this.fail(field, message);
  }

  check(): void {
    if (Object.keys(this.problems).length) throw validationError(this.problems);
  }
}
