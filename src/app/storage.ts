// Local storage keys of spec section 9, in one place. Access is guarded: storage can be
// unavailable (privacy modes) and the app must still run.

export const STORAGE_KEYS = {
  companyId: 'companyId',
  version: 'version',
  dark: 'dark',
  locale: 'locale',
  /** '1' while the setup wizard's reminder bubble shows (spec 4) */
  setupReminder: 'setupReminder',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];

function storage(): Storage | undefined {
  try {
    return typeof localStorage === 'undefined' ? undefined : localStorage;
  } catch {
    return undefined;
  }
}

export function readStored(key: StorageKey): string | null {
  try {
    return storage()?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  try {
    const s = storage();
    if (!s) return;
    if (value === null) s.removeItem(key);
    else s.setItem(key, value);
  } catch {
    // quota or privacy mode: the value simply is not remembered
  }
}
