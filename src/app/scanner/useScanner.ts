// The scanner's receiving end, mounted once with the top-bar menu: a keyboard-wedge listener on
// the whole document (onscan.js, 2 KB: loaded with the shell so no scan after a page load is
// lost), a stricter one for scans typed into a text box (burst.ts), and `receive` for codes
// from the camera or the menu's code box. Each code passes the 250 ms gate, is parsed (JSON or
// barcode), looked up on the server, then offered to the screen (a document's lines add it);
// what no screen takes opens the matched product or item. A scan typed into a box that matches
// a product or item is taken out of the box again; one matching nothing stays there as typed.
import { useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useNotify } from 'react-admin';
import onScan from 'onscan.js';
import { useServices } from '../services';
import { gqlCall } from '../shell/gql';
import { editPathFor } from '../routing/paths';
import { deliverScan } from './bus';
import { parseScan, scanGate, WEDGE_MIN_LENGTH, type ScanMatch } from './codes';
import { burstTracker } from './burst';

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

/** The boxes a scan typed into is read from: one-line text inputs and text areas. */
const TEXT_BOXES =
  'input:not([type]), input[type=text], input[type=search], input[type=number], input[type=tel], textarea';
/** Keys a scanner sends around its characters (Shift for capitals) that do not end a burst */
const MODIFIERS = new Set(['Shift', 'Control', 'Alt', 'AltGraph', 'Meta', 'CapsLock']);

type TextBox = HTMLInputElement | HTMLTextAreaElement;

function textBoxOf(target: EventTarget | null): TextBox | null {
  if (!(target instanceof HTMLInputElement || target instanceof HTMLTextAreaElement)) return null;
  if (!target.matches(TEXT_BOXES) || target.hasAttribute(MANUAL_INPUT_ATTR) || target.readOnly) return null;
  return target;
}

/** Puts back a box's text through the native setter, so React's controlled input sees the change. */
function setBoxText(box: TextBox, text: string) {
  const proto = box instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
  Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(box, text);
  box.dispatchEvent(new Event('input', { bubbles: true }));
}

/** where a scan came from: a text box's, with how to take the code back out of it */
interface ScanSource {
  fromBox?: () => void;
}

export function useScanner() {
  const { authFetch, entityByName } = useServices();
  const navigate = useNavigate();
  const notify = useNotify();
  const gate = useRef(scanGate());
  const [last, setLast] = useState<string | null>(null);

  const receive = useCallback(
    async (raw: string, source: ScanSource = {}) => {
      if (!gate.current(Date.now())) return;
      const parsed = parseScan(raw);
      if (!parsed) return;
      if (parsed.kind === 'json') {
        source.fromBox?.();
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
        // typed into a box and matching nothing: it stays there, the box's own text
        if (!source.fromBox) notify('app.scanner.not_found', { type: 'warning', messageArgs: { code: parsed.code } });
        return;
      }
      source.fromBox?.();
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

  useEffect(() => {
    const tracker = burstTracker<TextBox>();
    // capture phase: the burst's Enter is kept from the form before any of its listeners
    const onKey = (event: KeyboardEvent) => {
      const box = textBoxOf(event.target);
      if (!box || event.isComposing) return tracker.other();
      if (MODIFIERS.has(event.key)) return;
      const now = Date.now();
      if (event.key === 'Enter') {
        const burst = tracker.enter(now, box);
        if (!burst) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        void latest.current(burst.code, {
          // the code's characters out, wherever the caret put them; the rest of the text stays
          fromBox: () => {
            const text = burst.target.value;
            const at = text.lastIndexOf(burst.code);
            if (at < 0) return;
            setBoxText(burst.target, text.slice(0, at) + text.slice(at + burst.code.length));
            // the caret back where the code began, so typing goes on where it was
            if (burst.target.selectionStart !== null) burst.target.setSelectionRange(at, at);
          },
        });
        return;
      }
      const char = printable(event);
      if (char === null || event.ctrlKey || event.metaKey || event.altKey) return tracker.other();
      tracker.key(char, now, box);
    };
    document.addEventListener('keydown', onKey, true);
    return () => document.removeEventListener('keydown', onKey, true);
  }, []);

  return { receive, last };
}
