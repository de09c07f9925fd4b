// The page's English and French messages travel with its lazy chunks (messages.ts is imported
// only from here), so they add nothing to the first page load: `useT` looks a key up in them in
// the user's language and leaves every other key (react-admin's, the error catalogue's) to the
// app's translate.
import { useCallback } from 'react';
import { useLocaleState, useTranslate } from 'react-admin';
import { exciseReturnsMessages } from './messages';

type Tree = { [key: string]: unknown };

const lookup = (tree: unknown, path: string[]): unknown =>
  path.reduce<unknown>((node, k) => (node && typeof node === 'object' ? (node as Tree)[k] : undefined), tree);

export function useT() {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  return useCallback(
    (key: string, params: Record<string, unknown> = {}): string => {
      const tree = locale.startsWith('fr') ? exciseReturnsMessages.fr : exciseReturnsMessages.en;
      const text = lookup(tree, key.split('.'));
      if (typeof text !== 'string') return translate(key, { _: key, ...params });
      return text.replace(/%\{(\w+)\}/g, (_m, name: string) => String(params[name] ?? ''));
    },
    [locale, translate],
  );
}
