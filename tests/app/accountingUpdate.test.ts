// The accounting update dialog's form panel (spec 8, issue 18), while the dialog's own code has
// not loaded: a Save pressed then is held for the dialog and asks for its code. When that code
// cannot be loaded (the network), the held Save is let go and the failure is told (a
// notification in the app's words, not a Save that never answers), and the next Save loads it
// again; once loaded, the Save waits for the dialog. The form is a bare EventTarget: these tests
// run without a DOM, and the panel hangs exactly these listeners on its form.
import { describe, expect, it } from 'vitest';
import {
  GUARD_LOAD_FAILED,
  holdSavesAtGate,
  retryingLoader,
  type SaveGate,
} from '../../src/app/pages/accountingUpdate/gate';
import { chunkLoadError } from '../../src/app/shell/chunks';
import { appEnglish } from '../../src/app/i18n/en';
import { appFrench } from '../../src/app/i18n/fr';
import { accountingUpdateMessages } from '../../src/app/pages/accountingUpdate/messages';

/** one press of Save: the form's submit event; answers whether it went on to react-admin */
const pressSave = (form: EventTarget) => form.dispatchEvent(new Event('submit', { cancelable: true }));
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

/** an import of the dialog's code that fails (a lost connection) until `online()` */
function flakyImport() {
  let up = false;
  const attempts: string[] = [];
  const importer = async () => {
    attempts.push(up ? 'loaded' : 'failed');
    if (!up) throw chunkLoadError(new TypeError('Failed to fetch dynamically imported module'));
    return 'AccountingUpdateGuard';
  };
  return { importer, attempts, online: () => (up = true) };
}

describe('accounting update dialog: a Save pressed before its code loads', () => {
  it('is let go with the failure told when the code cannot be loaded, and the next Save loads it again', async () => {
    const form = new EventTarget();
    const gate: SaveGate = { live: false, held: false };
    const network = flakyImport();
    const code = retryingLoader(network.importer);
    const told: unknown[] = [];
    holdSavesAtGate(form, gate, code.load, (error) => told.push(error));

    // Save: held (react-admin does not save unasked) and the code asked for
    expect(pressSave(form)).toBe(false);
    expect(gate.held).toBe(true);
    await settle();
    // the load failed: said once, and Save is no longer held
    expect(network.attempts).toEqual(['failed']);
    expect(told).toHaveLength(1);
    expect((told[0] as Error).name).toBe('ChunkLoadError');
    expect(gate.held).toBe(false);
    expect(code.loaded()).toBeUndefined();

    // Save again, still offline: asked again, told again
    expect(pressSave(form)).toBe(false);
    await settle();
    expect(network.attempts).toEqual(['failed', 'failed']);
    expect(told).toHaveLength(2);
    expect(gate.held).toBe(false);

    // Save again, online: the code loads and the Save waits for the dialog, nothing told
    network.online();
    expect(pressSave(form)).toBe(false);
    await settle();
    expect(network.attempts).toEqual(['failed', 'failed', 'loaded']);
    expect(code.loaded()).toBe('AccountingUpdateGuard');
    expect(told).toHaveLength(2);
    expect(gate.held).toBe(true);
  });

  it('holds one Save however many presses while the code loads, and passes saves once the dialog holds them', async () => {
    const form = new EventTarget();
    const gate: SaveGate = { live: false, held: false };
    let loads = 0;
    let arrive!: (value: string) => void;
    const code = retryingLoader(() => {
      loads++;
      return new Promise<string>((resolve) => (arrive = resolve));
    });
    const told: unknown[] = [];
    const stop = holdSavesAtGate(form, gate, code.load, (error) => told.push(error));
    expect(pressSave(form)).toBe(false);
    expect(pressSave(form)).toBe(false);
    expect(loads).toBe(1);
    arrive('AccountingUpdateGuard');
    await settle();
    expect(gate.held).toBe(true);
    // the dialog is there and holds the form's saves itself
    gate.live = true;
    gate.held = false;
    expect(pressSave(form)).toBe(true);
    stop();
    gate.live = false;
    expect(pressSave(form)).toBe(true);
    expect(told).toEqual([]);
  });

  it('says nothing when the form is gone before the load fails', async () => {
    const form = new EventTarget();
    const gate: SaveGate = { live: false, held: false };
    const code = retryingLoader(flakyImport().importer);
    const told: unknown[] = [];
    const stop = holdSavesAtGate(form, gate, code.load, (error) => told.push(error));
    pressSave(form);
    stop();
    await settle();
    expect(told).toEqual([]);
  });

  it('tells the failure in the app’s words, English and French', () => {
    expect(GUARD_LOAD_FAILED).toBe('app.chunk.save_warning_failed');
    const en = appEnglish.app.chunk.save_warning_failed;
    const fr = appFrench.app.chunk.save_warning_failed;
    expect(en).toBe('The warning could not be loaded: check your connection and press Save again.');
    expect(fr).toBe(
      "L'avertissement n'a pas pu être chargé : vérifiez votre connexion et appuyez de nouveau sur Enregistrer.",
    );
  });
});

describe('accounting update dialog: its words (spec 8)', () => {
  it('warns in the spec’s sentence for a product, and in the same sentence for an item', () => {
    const { en, fr } = accountingUpdateMessages as {
      en: { accountingUpdate: Record<string, string> };
      fr: { accountingUpdate: Record<string, string> };
    };
    // spec 8: "warns that product changes will be overridden by accounting system values"
    expect(en.accountingUpdate.product).toMatch(/^Product changes will be overridden by accounting system values\./);
    expect(en.accountingUpdate.item).toMatch(/^Item changes will be overridden by accounting system values\./);
    expect(en.accountingUpdate.save).toBe('Save anyway');
    expect(fr.accountingUpdate.product).toMatch(
      /^Les modifications du produit seront remplacées par les valeurs du système comptable\./,
    );
    expect(fr.accountingUpdate.save).toBe('Enregistrer quand même');
  });
});
