// Times the two inverse lookups the calculator and the GraphQL resolvers call on every
// keystroke / request. Run: npx tsx tests/bench/alcoholometry.ts (target: under 5 µs each).
import { performance } from 'node:perf_hooks';
import { pathToFileURL } from 'node:url';
import { densityOf, lookupByDensity, lookupByStrength } from '../../src/shared/alcoholometry/index.js';

const LOOKUPS = 100_000;
const RUNS = 5;
const WARM_UP_PASSES = 3;

/** Small seeded PRNG (mulberry32) so every run times the same inputs. */
function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let x = state;
    x = Math.imul(x ^ (x >>> 15), x | 1);
    x ^= x + Math.imul(x ^ (x >>> 7), x | 61);
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

interface Case {
  name: string;
  /** Runs every lookup once and returns a checksum, so the work cannot be optimised away. */
  pass: () => number;
}

function cases(): Case[] {
  const next = random(22);
  const temps = new Float64Array(LOOKUPS);
  const densities = new Float64Array(LOOKUPS);
  const strengths = new Float64Array(LOOKUPS);
  for (let i = 0; i < LOOKUPS; i++) {
    temps[i] = -20 + 60 * next();
    // Densities come from real mixtures, so every one is inside the range at its temperature.
    densities[i] = densityOf(next(), temps[i]);
    strengths[i] = 100 * next();
  }
  return [
    {
      name: 'lookupByDensity',
      pass: () => {
        let sum = 0;
        for (let i = 0; i < LOOKUPS; i++) sum += lookupByDensity(temps[i], densities[i]).b;
        return sum;
      },
    },
    {
      name: 'lookupByStrength',
      pass: () => {
        let sum = 0;
        for (let i = 0; i < LOOKUPS; i++) sum += lookupByStrength(temps[i], strengths[i]).density;
        return sum;
      },
    },
  ];
}

function median(values: number[]): number {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.floor(sorted.length / 2)];
}

export async function runAlcoholometryBench(): Promise<string[]> {
  const lines: string[] = [];
  for (const { name, pass } of cases()) {
    for (let i = 0; i < WARM_UP_PASSES; i++) pass();
    const microseconds: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const start = performance.now();
      const checksum = pass();
      const elapsed = performance.now() - start;
      if (!Number.isFinite(checksum)) throw new Error(`${name} produced a non-finite result`);
      microseconds.push((elapsed * 1000) / LOOKUPS);
      // Yield between runs so a caller's event loop (bench runner, timers) is not starved.
      await new Promise((resolve) => setImmediate(resolve));
    }
    lines.push(
      `alcoholometry ${name}: ${LOOKUPS} lookups, ${median(microseconds).toFixed(2)} µs each (p50 of ${RUNS} runs)`,
    );
  }
  return lines;
}

if (process.argv[1] !== undefined && import.meta.url === pathToFileURL(process.argv[1]).href) {
  for (const line of await runAlcoholometryBench()) console.log(line);
}
