// Who receives a scan. A screen that can use one (a document's lines) registers a handler while
// it is shown; the newest handler is asked first and says whether it took the scan. What no
// handler takes falls back to the scanner menu, which opens the matched record (a list).
import type { ScanMatch } from './codes';

export type ScanEvent = { kind: 'match'; match: ScanMatch; count: number } | { kind: 'json'; data: unknown };

/** Returns the name of what it added (for the confirmation), or false when it does not take the scan. */
export type ScanHandler = (event: ScanEvent) => string | false;

const handlers: ScanHandler[] = [];

export function addScanHandler(handler: ScanHandler): () => void {
  handlers.push(handler);
  return () => {
    const i = handlers.lastIndexOf(handler);
    if (i >= 0) handlers.splice(i, 1);
  };
}

/** Offers the scan to the handlers, newest first: what the first taker answered, or false. */
export function deliverScan(event: ScanEvent): string | false {
  for (let i = handlers.length - 1; i >= 0; i--) {
    const taken = handlers[i](event);
    if (taken !== false) return taken;
  }
  return false;
}
