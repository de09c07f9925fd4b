// The local reminder flag (spec 4): closing the setup wizard for the first time sets it, and the
// reminder bubble by the 'Finish setup' button shows while it is set; the bubble's OK clears it.
// Kept in this browser's storage, guarded like every stored value (storage may be unavailable).
import { createStore } from '../../shell/store';

export const SETUP_REMINDER_KEY = 'setupReminder';

function read(): boolean {
  try {
    return typeof localStorage !== 'undefined' && localStorage.getItem(SETUP_REMINDER_KEY) === '1';
  } catch {
    return false;
  }
}

export const reminderFlag = createStore<boolean>(read());

export function setReminder(on: boolean): void {
  reminderFlag.set(on);
  try {
    if (on) localStorage.setItem(SETUP_REMINDER_KEY, '1');
    else localStorage.removeItem(SETUP_REMINDER_KEY);
  } catch {
    // not remembered past this page: the bubble still shows now
  }
}
