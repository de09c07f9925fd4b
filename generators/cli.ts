// `npm run generate` (writes) and `npm run generate -- --check` (fails on stale committed output).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate';
import { SchemaError } from './load';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');

try {
  const result = await generate({ root, check });
  if (check) {
    if (result.stale.length) {
      console.error(
        `Generated output is out of date; run npm run generate and commit:\n  ${result.stale.join('\n  ')}`,
      );
      process.exit(1);
    }
    console.log('generate: committed output is up to date');
  } else {
    if (result.migration) console.log(`generate: new migration ${result.migration}`);
    console.log(result.written.length ? `generate: wrote ${result.written.length} file(s)` : 'generate: up to date');
  }
} catch (error) {
  if (error instanceof SchemaError) {
    console.error(`Schema files have ${error.problems.length} problem(s):\n${error.message}`);
    process.exit(1);
  }
  throw error;
}
