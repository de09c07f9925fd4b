// The server alone: connect, migrate, listen; no demo data (scripts/serve.ts adds the demo
// seed for `npm start`, `npm run dev` and the e2e run).
import { serve } from './serve';

await serve();
