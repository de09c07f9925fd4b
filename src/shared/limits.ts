// The limits every request lives within (README, "Decisions worth knowing"). The generators bake
// the per-field ones into the validators (forms and API alike); the GraphQL layer applies the
// others to every argument of every root field before its resolver runs.

/** Longest string any argument may carry; a field's own maxLength is usually far lower. */
export const MAX_STRING_LENGTH = 20_000;
/** Longest list argument (ids of objectsDelete, filters, vessel ids…). */
export const MAX_LIST_LENGTH = 1_000;
/** Most lines one document may hold (a bill of materials, an invoice). */
export const MAX_LINES = 500;
/** Longest free-text search of a list (matched with ILIKE against each search field). */
export const MAX_SEARCH_LENGTH = 200;
/** Longest filter value; the value is then parsed by the field's type. */
export const MAX_FILTER_VALUE_LENGTH = 1_000;

/** A list's totalCount is exact up to this many matching rows; above it the first page answers
 * "more than" this figure at once and the exact figure is counted when the person asks for it
 * (`exactCount: true`). A bounded count costs in proportion to this limit, even as an index-only
 * scan: about 10 ms at 10,000 rows, under 1 ms at 1,000 (PostgreSQL 15, 100k customers), which
 * is what keeps a list's first page under 20 ms at p95 (README, npm run bench list). */
export const EXACT_COUNT_LIMIT = 1_000;

/** numeric(18, p) holds values below 10^(18-p) in absolute value. */
export const NUMERIC_DIGITS = 18;
export const decimalLimit = (precision: number) => 10 ** (NUMERIC_DIGITS - precision);

/** CSV exports one user may ask for per minute (each writes a file). */
export const MAX_EXPORTS_PER_MINUTE = 10;

// What one GraphQL document may ask for (graphql-armor rules and the parser's token limit; a
// document over any of them is refused before it runs, 400).
export const MAX_QUERY_DEPTH = 12;
export const MAX_ALIASES = 30;
export const MAX_DIRECTIVES = 50;
export const MAX_TOKENS = 5_000;
/** graphql-armor's cost: objects 2, scalars 1, times 1.5 per level, times a literal first/last */
export const MAX_COST = 5_000;
