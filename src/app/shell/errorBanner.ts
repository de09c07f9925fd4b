// The error banner (spec 2.5, 8, 9): one error at a time, closed after 10 seconds or by Close.
// API errors arrive here from the fetch observer with their code and info; react-admin's own
// error notifications for the same failure (same message, moments later) join the shown entry.
import { createStore } from './store';

export const ERROR_BANNER_TIMEOUT_MS = 10_000;
const SAME_ERROR_WINDOW_MS = 3_000;

export interface ErrorBannerEntry {
  id: number;
  /** an i18n key or the server's own words */
  message: string;
  messageArgs?: Record<string, unknown>;
  code?: string;
  info?: unknown;
  shownAt: number;
}

export function createErrorBanner(now: () => number = Date.now) {
  const store = createStore<ErrorBannerEntry | null>(null);
  let timer: ReturnType<typeof setTimeout> | undefined;
  let seq = 0;
  const close = () => {
    if (timer !== undefined) clearTimeout(timer);
    timer = undefined;
    store.set(null);
  };
  const show = (entry: Omit<ErrorBannerEntry, 'id' | 'shownAt'>) => {
    const current = store.get();
    if (current && current.message === entry.message && now() - current.shownAt < SAME_ERROR_WINDOW_MS) {
      store.set({ ...current, code: current.code ?? entry.code, info: current.info ?? entry.info });
      return;
    }
    if (timer !== undefined) clearTimeout(timer);
    store.set({ ...entry, id: ++seq, shownAt: now() });
    timer = setTimeout(close, ERROR_BANNER_TIMEOUT_MS);
  };
  return { get: store.get, subscribe: store.subscribe, show, close };
}

export type ErrorBanner = ReturnType<typeof createErrorBanner>;

export const errorBanner = createErrorBanner();
