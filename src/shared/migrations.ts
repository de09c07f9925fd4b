// The migration file format the generator writes and the server reads (generators never
// import src/server, so the shared bit lives here).

/** drizzle's marker: each migration file is split on it, one statement per chunk. */
export const STATEMENT_BREAK = '--> statement-breakpoint';
/** a migration file's name: four digits, an underscore, lower-case words; applied in name order */
export const MIGRATION_FILE = /^\d{4}_[a-z0-9_]+\.sql$/;
