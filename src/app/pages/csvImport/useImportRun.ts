// The import step: the file streamed in batches, each sent to the entity's import mutation in
// sequence (spec 7: rows of strings in, one status per row out, empty on success), progress by
// the share of the file read, and the refused rows kept with their error for the done step.
import { useCallback, useRef, useState } from 'react';
import type { EntityMeta } from '../../../shared/meta';
import { gqlCall } from '../../shell/gql';
import { BATCH_SIZE, rowCells, type Mapping } from './mapping';
import { streamRows, type StreamControl } from './stream';

export interface InvalidRow {
  /** row number in the file, the header being row 1 */
  row: number;
  cells: string[];
  error: string;
}

export interface RunState {
  phase: 'idle' | 'running' | 'done' | 'stopped' | 'failed';
  share: number;
  imported: number;
  invalid: InvalidRow[];
  failure?: unknown;
}

export interface RunInput {
  entity: EntityMeta;
  file: Blob;
  mapping: Mapping;
  columns: string[];
  defaults: Record<string, string>;
  dateFormat: string;
}

const importMutation = (entity: EntityMeta) =>
  `mutation CsvImport($fields: [String!]!, $rows: [[String]!]!, $dateFormat: String) {
    ${entity.ops.import}(fields: $fields, rows: $rows, dateFormat: $dateFormat) }`;

const START: RunState = { phase: 'idle', share: 0, imported: 0, invalid: [] };

export function useImportRun(authFetch: typeof fetch) {
  const [state, setState] = useState<RunState>(START);
  const control = useRef<StreamControl | null>(null);
  const stopped = useRef(false);

  const start = useCallback(
    async ({ entity, file, mapping, columns, defaults, dateFormat }: RunInput) => {
      const query = importMutation(entity);
      let imported = 0;
      const invalid: InvalidRow[] = [];
      stopped.current = false;
      setState({ ...START, phase: 'running' });
      const run = streamRows(file, BATCH_SIZE, {
        onProgress: (share) => setState((s) => ({ ...s, share })),
        onBatch: async (rows, firstRow) => {
          const kept = rows.map((cells, i) => ({ cells, row: firstRow + i }));
          if (!kept.length) return;
          const data = await gqlCall<Record<string, string[]>>(authFetch, query, {
            fields: columns,
            rows: kept.map((r) => rowCells(r.cells, columns, mapping, defaults)),
            dateFormat,
          });
          data[entity.ops.import].forEach((status, i) => {
            if (status) invalid.push({ ...kept[i], error: status });
            else imported++;
          });
          setState((s) => ({ ...s, imported, invalid: [...invalid] }));
        },
      });
      control.current = run;
      try {
        await run.done;
        setState((s) => ({ ...s, phase: stopped.current ? 'stopped' : 'done', imported, invalid: [...invalid] }));
      } catch (failure) {
        setState((s) => ({ ...s, phase: 'failed', failure, imported, invalid: [...invalid] }));
      }
    },
    [authFetch],
  );

  const stop = useCallback(() => {
    stopped.current = true;
    control.current?.abort();
  }, []);

  return { state, start, stop };
}
