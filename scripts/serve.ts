// `npm run dev` and the e2e run: the server, with the demo companies seeded into an empty
// database (fixtures/ is a development tool; the server itself never imports it).
import { serve } from '../src/server/serve';
import { seedDemoIfEmpty, DEMO_SIGN_IN } from '../fixtures/seed';

await serve({ seed: seedDemoIfEmpty, signIn: DEMO_SIGN_IN });
