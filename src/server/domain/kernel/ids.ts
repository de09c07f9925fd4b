// The input rules every domain shares for record ids and lot numbers.

/**
 * A record id as the API carries it: digits that fit a PostgreSQL bigint. 18 digits always do
 * (the bigint maximum, 9223372036854775807, has 19), so longer input is refused before it reaches
 * the database as an overflow.
 */
export const ID = /^\d{1,18}$/;

/** The longest lot number (excise, stock and count documents, the lot trace). */
export const LOT_MAX = 60;
