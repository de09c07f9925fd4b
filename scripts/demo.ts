// Whether this start seeds the demo companies (users with a published password). Asked with
// SEED_DEMO=1 or --demo; refused with SEED_DEMO=0 or --no-demo; otherwise on by default on a
// developer machine (NODE_ENV not production) and never under NODE_ENV=production.
export function wantsDemo(env: NodeJS.ProcessEnv = process.env, argv: readonly string[] = process.argv): boolean {
  if (argv.includes('--no-demo')) return false;
  if (argv.includes('--demo')) return true;
  const flag = (env.SEED_DEMO ?? '').trim().toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(flag)) return true;
  if (['0', 'false', 'no', 'off'].includes(flag)) return false;
  return env.NODE_ENV !== 'production';
}

export const DEMO_BANNER = [
  '',
  '  ******************************************************************',
  '  *  DEMO ACCOUNTS: this server has the demo companies and users    *',
  '  *  whose password is published in README. Never expose it. Start  *',
  '  *  with SEED_DEMO=0 (or NODE_ENV=production) to leave them out.   *',
  '  ******************************************************************',
  '',
].join('\n');
