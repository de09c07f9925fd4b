// Dark mode and language (spec 2.5, 9), kept in localStorage `dark` and `locale` and read
// synchronously in main.tsx before the first render, so a reload paints in the right theme.
import { useSyncExternalStore } from 'react';
import { readStored, STORAGE_KEYS, writeStored } from '../storage';
import { createStore } from './store';

export const parseDark = (value: string | null): boolean => value === 'true';

export const darkStore = createStore<boolean>(parseDark(readStored(STORAGE_KEYS.dark)));

export function setDark(dark: boolean): void {
  writeStored(STORAGE_KEYS.dark, dark ? 'true' : 'false');
  applyColorScheme(dark);
  darkStore.set(dark);
}

export const useDark = (): boolean => useSyncExternalStore(darkStore.subscribe, darkStore.get);

/** The page's background and form controls follow the theme even before React paints. */
export function applyColorScheme(dark: boolean): void {
  if (typeof document === 'undefined') return;
  const root = document.documentElement;
  root.style.colorScheme = dark ? 'dark' : 'light';
  root.style.backgroundColor = dark ? '#121212' : '#fafafa';
  root.dataset.theme = dark ? 'dark' : 'light';
}

/** Reads `dark` and `locale` and applies them to the document: called first thing in main.tsx. */
export function applyStoredPreferences(): { dark: boolean; locale: string | null } {
  const dark = parseDark(readStored(STORAGE_KEYS.dark));
  darkStore.set(dark);
  applyColorScheme(dark);
  const locale = readStored(STORAGE_KEYS.locale);
  if (locale === 'en' || locale === 'fr') document.documentElement.lang = locale;
  return { dark, locale };
}
