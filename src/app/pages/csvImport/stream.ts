// Reading the file with papaparse, never whole: the header alone for the map step, then the
// rows chunk by chunk (the parser paused while a batch is sent), so a 50,000-row file is held
// once, as the chunk being read, and only the rows that failed are kept (spec 5 messages).
import Papa, { type ParseError, type Parser } from 'papaparse';
import { CSV_FORMULA_CELL } from '../../../shared/text';

/** Bytes read per chunk: small enough for a smooth progress bar, large enough to be quick. */
const CHUNK_BYTES = 256 * 1024;

export class CsvFileError extends Error {
  constructor(
    /** i18n key of the spec's message */
    readonly key: 'csvImport.error_in_file' | 'csvImport.file_empty' | 'csvImport.error_reading',
    readonly detail = '',
  ) {
    super(detail || key);
  }
}

const describe = (e: ParseError) => (e.row !== undefined ? `${e.message} (row ${e.row + 1})` : e.message);

/** Only broken quoting makes a file unreadable; a short or long row is the row's own error. */
const isFatal = (e: ParseError) => e.type === 'Quotes';

/** The header line (spec 5: required): its cell texts. */
export function readHeader(file: Blob): Promise<string[]> {
  return new Promise((resolve, reject) => {
    Papa.parse<string[]>(file as File, {
      preview: 1,
      skipEmptyLines: 'greedy',
      complete: (results) => {
        const fatal = results.errors.find(isFatal);
        if (fatal) return reject(new CsvFileError('csvImport.error_in_file', describe(fatal)));
        const header = results.data[0];
        if (!header || header.every((h) => !h.trim())) return reject(new CsvFileError('csvImport.file_empty'));
        resolve(header.map((h) => h.trim()));
      },
      error: () => reject(new CsvFileError('csvImport.error_reading')),
    });
  });
}

export interface StreamHandlers {
  /** the rows of one batch and the row number of the first (the header is row 1, blank lines
   * not counted); awaited before the file is read on */
  onBatch(rows: string[][], firstLine: number): Promise<void>;
  /** share of the file read, 0 to 1 */
  onProgress(share: number): void;
}

export interface StreamControl {
  done: Promise<void>;
  abort(): void;
}

/** Sends the data rows (after the header, blank lines skipped) in batches of `size`, in sequence. */
export function streamRows(file: Blob, size: number, handlers: StreamHandlers): StreamControl {
  let parser: Parser | null = null;
  let aborted = false;
  const done = new Promise<void>((resolve, reject) => {
    let pending: string[][] = [];
    let pendingLine = 2;
    let line = 1;
    let headerSeen = false;
    let failed = false;
    const flush = async (all: boolean) => {
      while (pending.length >= size || (all && pending.length)) {
        const batch = pending.slice(0, size);
        pending = pending.slice(size);
        const first = pendingLine;
        pendingLine += batch.length;
        await handlers.onBatch(batch, first);
      }
    };
    const fail = (error: unknown) => {
      failed = true;
      parser?.abort();
      reject(error);
    };
    Papa.parse<string[]>(file as File, {
      chunkSize: CHUNK_BYTES,
      skipEmptyLines: 'greedy',
      chunk: (results, p) => {
        parser = p;
        if (aborted) return p.abort();
        const fatal = results.errors.find(isFatal);
        if (fatal) return fail(new CsvFileError('csvImport.error_in_file', describe(fatal)));
        p.pause();
        for (const row of results.data) {
          if (!headerSeen) {
            headerSeen = true;
            line++;
            continue;
          }
          if (!pending.length) pendingLine = line;
          pending.push(row);
          line++;
        }
        handlers.onProgress(Math.min(1, results.meta.cursor / Math.max(1, file.size)));
        flush(false).then(
          () => (aborted ? p.abort() : p.resume()),
          (error) => fail(error),
        );
      },
      complete: () => {
        if (failed) return;
        if (aborted) return resolve();
        flush(true).then(() => {
          handlers.onProgress(1);
          resolve();
        }, reject);
      },
      error: () => reject(new CsvFileError('csvImport.error_reading')),
    });
  });
  return {
    done,
    abort: () => {
      aborted = true;
    },
  };
}

/** The rows that failed, with their error in a last column, to fix and import again. */
export function invalidRowsCsv(
  header: readonly string[],
  rows: readonly { cells: string[]; error: string }[],
  errorLabel: string,
) {
  return Papa.unparse([[...header, errorLabel], ...rows.map((r) => [...r.cells, r.error])], {
    escapeFormulae: CSV_FORMULA_CELL,
  });
}
