// The app-wide client error reporter, wired in main.tsx: failed queries (from the fetch
// observer), uncaught errors and rejections, and React error boundaries all go through it.
import { createClientErrorReporter, describeUncaught, type ClientErrorInput } from './clientErrors';
import { chunkLoadError, CSS_CHUNK_LOAD_FAILED } from './chunks';
import { errorBanner } from './errorBanner';

let reporter: ((input: ClientErrorInput) => boolean) | null = null;

export function setClientErrorSender(send: (input: ClientErrorInput) => Promise<unknown>): void {
  reporter = createClientErrorReporter(send);
}

export function reportClientError(input: ClientErrorInput): void {
  reporter?.(input);
}

/** window error / unhandledrejection, and vite's failed chunk preloads (CSS_CHUNK_LOAD_FAILED). */
export function installGlobalErrorHandlers(target: Window = window): void {
  target.addEventListener('error', (event) => {
    reportClientError({ message: describeUncaught(event.error ?? event.message) });
  });
  target.addEventListener('unhandledrejection', (event) => {
    reportClientError({ message: describeUncaught(event.reason) });
  });
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const css = payload instanceof Error && /css/i.test(payload.message);
    if (!css) return; // a script chunk: the lazy import rejects and the screen shows it
    event.preventDefault();
    const error = chunkLoadError(payload, CSS_CHUNK_LOAD_FAILED);
    reportClientError({ message: describeUncaught(error) });
    errorBanner.show({ message: 'app.chunk.failed', code: CSS_CHUNK_LOAD_FAILED });
  });
}
