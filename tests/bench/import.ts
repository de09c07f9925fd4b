// CSV import of 50,000 customer rows (issue 17), the way the wizard does it: the file streamed
// through papaparse, each batch of 250 rows sent to customersImport (through Fastify and
// GraphQL) before the parser reads on, one batch at a time. One row in a thousand is
// bad (an invalid e-mail) and must come back with its error. Prints rows per second and the peak
// memory of the process (PGlite runs inside it; PostgreSQL does not) above where it started.
import { Readable } from 'node:stream';
import Papa from 'papaparse';
import { EVERYTHING, makeMember, startApi, type Backend } from '../api/harness';

const BATCH = 250;
const MUTATION = `mutation($fields: [String!]!, $rows: [[String]!]!) { customersImport(fields: $fields, rows: $rows) }`;

/** The file, line by line: generated as it is read, so only the import pipeline is measured. */
function* customersCsv(rows: number): Generator<string> {
  yield 'Name,Type,E-mail,Phone,Credit limit\n';
  const types = ['Retail', 'Wholesale', 'Agency', 'Distributor', 'Export'];
  for (let i = 1; i <= rows; i++) {
    const email = i % 1000 === 0 ? `bad-${i}@` : `buyer${i}@example.com`;
    const phone = `613-555-${String(i % 10000).padStart(4, '0')}`;
    yield `"Customer ${i}, Ltd",${types[i % 5]},${email},${phone},${i % 500}.25\n`;
  }
}

export async function runImportBench(backend: Backend, rows: number, log: (s: string) => void): Promise<string> {
  const api = await startApi(backend);
  try {
    const member = await makeMember(api, EVERYTHING);
    // a token that outlives the run (the default one expires before 50,000 rows are in)
    const owner = { ...member, token: await api.token(member.userId, { expiresIn: '6h' }) };
    global.gc?.();
    const baseline = process.memoryUsage().rss;
    let peak = baseline;
    const sampler = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20);
    let imported = 0;
    let failed = 0;
    const began = performance.now();
    const send = async (batch: string[][]) => {
      const { body } = await api.gql<{ customersImport: string[] }>(
        owner.companyId,
        MUTATION,
        { fields: ['name', 'type', 'email', 'phone', 'creditLimit'], rows: batch },
        owner.token,
      );
      if (body.errors) throw new Error(JSON.stringify(body.errors));
      for (const status of body.data!.customersImport)
        if (status) failed++;
        else imported++;
    };
    // papaparse's stream: awaiting each batch holds the parser back (backpressure), as the
    // wizard pauses it
    const parsed = Readable.from(customersCsv(rows)).pipe(
      Papa.parse(Papa.NODE_STREAM_INPUT, { skipEmptyLines: 'greedy' }),
    );
    let header = true;
    let pending: string[][] = [];
    for await (const row of parsed as AsyncIterable<string[]>) {
      if (header) {
        header = false;
        continue;
      }
      pending.push(row);
      if (pending.length === BATCH) {
        await send(pending);
        pending = [];
        if ((imported + failed) % 10_000 === 0) log(`  import on ${backend}: ${imported + failed} rows sent`);
      }
    }
    if (pending.length) await send(pending);
    const seconds = (performance.now() - began) / 1000;
    clearInterval(sampler);
    const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;
    const line = `import ${rows} customer rows on ${backend} (batches of ${BATCH}, via customersImport): ${Math.round(
      rows / seconds,
    )} rows/s (${seconds.toFixed(1)} s), ${imported} imported, ${failed} refused; peak memory ${mb(peak)} RSS (+${mb(
      peak - baseline,
    )} over the start)`;
    return line;
  } finally {
    await api.close();
  }
}
