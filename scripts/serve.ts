// `npm run dev` and the e2e run: the server, with the demo companies seeded into an empty
// database when asked (scripts/demo.ts: default on a developer machine, never under
// NODE_ENV=production unless SEED_DEMO=1 or --demo). fixtures/ is a development tool; the
// server itself never imports it.
import { serve } from '../src/server/serve';
import { seedDemoIfEmpty, DEMO_SIGN_IN } from '../fixtures/seed';
import { fileMailer } from '../src/server/http/mail';
import { DEMO_BANNER, wantsDemo } from './demo';

// MAIL_FILE: e-mail (invitation links) appended there as JSON lines instead of the log
const mail = process.env.MAIL_FILE ? { mailer: fileMailer(process.env.MAIL_FILE) } : {};
await serve(wantsDemo() ? { seed: seedDemoIfEmpty, signIn: DEMO_SIGN_IN, banner: DEMO_BANNER, ...mail } : mail);
