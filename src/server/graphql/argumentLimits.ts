// The rule of the layer for every argument of every root field, before its resolver runs: no
// string longer than MAX_STRING_LENGTH, no NUL character (PostgreSQL text cannot hold one), no
// unpaired surrogate (JSON can carry one, PostgreSQL's jsonb refuses it), no list longer than
// MAX_LIST_LENGTH. Each answers VALIDATION_ERROR on the argument's path, so a
// hostile value never reaches a query (a 1 MB search string, 70,000 ids in one statement).
// The fields' own rules (maxLength, lines, numeric ranges) are checked later by the validators.
import { messages } from '../../shared/messages';
import { MAX_LIST_LENGTH, MAX_STRING_LENGTH } from '../../shared/limits';
import { validationError } from './errors';

/** Half of a UTF-16 surrogate pair without the other half: not a character at all. */
const UNPAIRED_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Stops looking after this many problems: a hostile request gets a short answer. */
const MAX_PROBLEMS = 20;

export function checkArgumentLimits(args: Record<string, unknown>): void {
  const problems: Record<string, string> = {};
  let found = 0;
  const visit = (value: unknown, path: string, depth: number): void => {
    if (found >= MAX_PROBLEMS) return;
    const problem = (message: string) => {
      problems[path || 'input'] ??= message;
      found++;
    };
    if (typeof value === 'string') {
      if (value.length > MAX_STRING_LENGTH) problem(messages.maxLength(MAX_STRING_LENGTH));
      else if (value.includes('\u0000')) problem(messages.nullCharacter);
      else if (UNPAIRED_SURROGATE.test(value)) problem(messages.invalidUnicode);
      return;
    }
    if (value === null || typeof value !== 'object' || depth > 20) return;
    if (Array.isArray(value)) {
      if (value.length > MAX_LIST_LENGTH) return problem(messages.tooManyItems(MAX_LIST_LENGTH));
      value.forEach((item, i) => visit(item, path ? `${path}.${i}` : String(i), depth + 1));
      return;
    }
    for (const [key, item] of Object.entries(value)) visit(item, path ? `${path}.${key}` : key, depth + 1);
  };
  // `input` is the form: its fields are named as the form names them ('name', 'bom.0.name')
  for (const [name, value] of Object.entries(args)) visit(value, name === 'input' ? '' : name, 0);
  if (found) throw validationError(problems);
}
