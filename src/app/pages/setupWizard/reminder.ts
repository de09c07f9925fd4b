// The local reminder flag (spec 4): closing the setup wizard for the first time sets it, and the
// reminder bubble by the 'Finish setup' button shows while it is set; the bubble's OK clears it.
// Kept in this browser's storage, guarded like every stored value (storage may be unavailable).
import { createStore } from '../../shell/store';
import { readStored, STORAGE_KEYS, writeStored } from '../../storage';

export const reminderFlag = createStore<boolean>(readStored(STORAGE_KEYS.setupReminder) === '1');

/** Not remembered past this page when storage is unavailable: the bubble still shows now. */
export function setReminder(on: boolean): void {
  reminderFlag.set(on);
  writeStored(STORAGE_KEYS.setupReminder, on ? '1' : null);
}
