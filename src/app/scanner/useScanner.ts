// The scanner's receiving end, mounted once with the top-bar menu: a keyboard-wedge listener on
// the whole document (onscan.js, 2 KB: loaded with the shell so no scan after a page load is
// lost), and `receive` for codes from the
// camera or the menu's code box. Each code passes the 250 ms gate, is parsed (JSON or barcode),
// looked up on the server, then offered to the screen (a document's lines add it); what no
// screen takes opens the matched product or item.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import onScan from 'onscan.js';
import { useServices } from '../services';
import { gqlCall } from '../shell/gql';
import { editPathFor } from '../routing/paths';
import { deliverScan } from './bus';
import { parseScan, scanGate, WEDGE_MIN_LENGTH, type ScanMatch } from './codes';

const SCAN_CODE = `query ScanCode($code: String!) {
  scanCode(code: $code) { code kind id name sku pack quantity price } }`;

/** The code box of the menu: a wedge typing into it is read there, not twice. */
export const MANUAL_INPUT_ATTR = 'data-scanner-code';

/**
 * Where keys belong to what has focus, not to the scanner: text boxes (the menu's code box
 * included) and editors. A scanner typing there types like a keyboard, and onscan.js never
 * swallows the Enter of a fast typist's form.
 */
const TYPING_TARGETS = [
  'input:not([type=checkbox]):not([type=radio]):not([type=button]):not([type=submit])',
  'textarea',
  'select',
  '[contenteditable=""]',
  '[contenteditable="true"]',
].join(', ');

/** A keydown's character: any single printable key, so JSON labels ('{', '"', ':') come through. */
const printable = (event: KeyboardEvent) => (event.key && event.key.length === 1 ? event.key : null);

export function useScanner() {
  const { authFetch, entityByName } = useServices();
  const navigate = useNavigate();
  const notify = useNotify();
  const gate = useRef(scanGate());
  const [last, setLast] = useState<string | null>(null);

  const receive = useCallback(
    async (raw: string) => {
      if (!gate.current(Date.now())) return;
      const parsed = parseScan(raw);
      if (!parsed) return;
      if (parsed.kind === 'json') {
        if (deliverScan(parsed) === false) notify('app.scanner.json_unknown', { type: 'warning' });
        return;
      }
      setLast(parsed.code);
      let match: ScanMatch | null;
      try {
        match = (await gqlCall<{ scanCode: ScanMatch | null }>(authFetch, SCAN_CODE, { code: parsed.code })).scanCode;
      } catch (error) {
        notify(error instanceof Error ? error.message : String(error), { type: 'error' });
        return;
      }
      if (!match?.id) {
        notify('app.scanner.not_found', { type: 'warning', messageArgs: { code: parsed.code } });
        return;
      }
      const added = deliverScan({ kind: 'match', match, count: parsed.count });
      if (added !== false) {
        notify('app.scanner.added', { type: 'info', messageArgs: { name: added } });
        return;
      }
      const entity = entityByName[match.kind === 'Product' ? 'product' : 'item'];
      const path = entity ? editPathFor(entity, { id: match.id }) : null;
      if (path) navigate(path);
    },
    [authFetch, entityByName, navigate, notify],
  );

  const latest = useRef(receive);
  latest.current = receive;
  useEffect(() => {
    // StrictMode mounts twice; the listener is one per document
    if (onScan.isAttachedTo(document)) return;
    onScan.attachTo(document, {
      onScan: (code) => void latest.current(code),
      keyCodeMapper: printable,
      minLength: WEDGE_MIN_LENGTH,
      ignoreIfFocusOn: TYPING_TARGETS,
    });
    return () => onScan.detachFrom(document);
  }, []);

  return { receive, last };
}
