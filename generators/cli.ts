// `npm run generate` (writes) and `npm run generate -- --check` (fails on stale committed output);
// `-- --allow-drop <table>.<column>` lets a migration drop what the schema no longer has.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { generate } from './generate';
import { SchemaError } from './load';
import { DropError } from './emit/migrations';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const check = process.argv.includes('--check');
/** `--allow-drop clients.website` (repeatable, or comma-separated): drops the migration may write */
const allowDrop = process.argv.flatMap((arg, i, all) => {
  const value = arg.startsWith('--allow-drop=')
    ? arg.slice('--allow-drop='.length)
    : arg === '--allow-drop'
      ? (all[i + 1] ?? '')
      : '';
  return value.split(',').filter(Boolean);
});

try {
  const result = await generate({ root, check, allowDrop });
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
  if (error instanceof DropError) {
    console.error(`generate: ${error.message}`);
    process.exit(1);
  }
  throw error;
}
