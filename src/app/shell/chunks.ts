// Code-split screens (spec 8, 9): a chunk that has not loaded after 120 s fails with
// ChunkLoadError; a style chunk failure reports CSS_CHUNK_LOAD_FAILED. Both offer a reload.
import { lazy, type ComponentProps, type ComponentType, type LazyExoticComponent } from 'react';

export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const CHUNK_LOAD_ERROR = 'ChunkLoadError';
export const CSS_CHUNK_LOAD_FAILED = 'CSS_CHUNK_LOAD_FAILED';

export function chunkLoadError(cause?: unknown, code: string = CHUNK_LOAD_ERROR): Error {
  const detail = cause instanceof Error ? cause.message : cause ? String(cause) : 'timed out';
  const error = new Error(`${code}: loading a screen failed (${detail})`);
  error.name = code;
  return error;
}

const DYNAMIC_IMPORT_FAILURES = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
];

export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  if (error.name === CHUNK_LOAD_ERROR || error.name === CSS_CHUNK_LOAD_FAILED) return true;
  return DYNAMIC_IMPORT_FAILURES.some((re) => re.test(error.message));
}

export const isCssChunkFailure = (error: unknown): boolean =>
  error instanceof Error && (error.name === CSS_CHUNK_LOAD_FAILED || /Unable to preload CSS/i.test(error.message));

/** The import, failing with ChunkLoadError when it fails or is not done within `ms`. */
export function withChunkTimeout<T>(importer: () => Promise<T>, ms = CHUNK_LOAD_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(chunkLoadError()), ms);
    importer().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(isCssChunkFailure(error) ? chunkLoadError(error, CSS_CHUNK_LOAD_FAILED) : chunkLoadError(error));
      },
    );
  });
}

/** React.lazy with the chunk timeout: `lazyScreen(() => import('./X'), 'X')`. */
export function lazyScreen<
  M extends Record<K, ComponentType<P>>,
  K extends keyof M,
  P extends object = ComponentProps<M[K]>,
>(importer: () => Promise<M>, exportName: K): LazyExoticComponent<ComponentType<P>> {
  return lazy(() => withChunkTimeout(importer).then((m) => ({ default: m[exportName] })));
}
