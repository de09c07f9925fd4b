// The reports screens' texts in the user's language (messages.ts travels with the lazy chunks),
// every other key (react-admin's, the error catalogue's, the date widgets') left to the app's
// translate; and a catalogue text ({ en, fr }) in the user's language.
import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import type { Text } from '../../../shared/reports/types';
import { reportsMessages } from './messages';

type Tree = { [key: string]: unknown };

const lookup = (tree: unknown, path: string[]): unknown =>
  path.reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Tree)[k] : undefined), tree);

export const isFrench = (locale: string) => locale.startsWith('fr');

export function useT() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (key: string, params: Record<string, unknown> = {}): string => {
      const tree = isFrench(locale) ? reportsMessages.fr : reportsMessages.en;
      const text = lookup(tree, key.split('.'));
      if (typeof text !== 'string') return translate(key, { _: key, ...params });
      return text.replace(/%\{(\w+)\}/g, (_m, name: string) => String(params[name] ?? ''));
    },
    [locale, translate],
  );
}

/** A catalogue text in the user's language. */
export function useText() {
  const [locale] = useLocaleState();
  return useCallback((t: Text | undefined) => (t ? (isFrench(locale) ? t.fr : t.en) : ''), [locale]);
}
