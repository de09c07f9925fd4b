// A catalogue text ({ en, fr }: a report's title, description, column label) in the user's
// language. The screens' own texts are the app's messages (./register.ts, useTranslate).
import { useCallback } from 'react';
import { useLocaleState } from 'react-admin';
import type { Text } from '../../../shared/reports/types';

/** The picker of a catalogue text in the user's language (called in lists, so a function). */
export function useText() {
  const [locale] = useLocaleState();
  return useCallback((t: Text | undefined) => (t ? (locale.startsWith('fr') ? t.fr : t.en) : ''), [locale]);
}
