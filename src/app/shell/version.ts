// Version change (spec 4, 7): every main response carries `x-version`; authFetch hands it
// here. When it differs from the one stored in localStorage `version`, the 'has been updated'
// banner shows. The bundle loaded at start is the server's current one, so main.tsx stores
// /api/config's version first.
import { createStore } from './store';

export const VERSION_EVENT = 'distillery:version-changed';

export interface VersionChange {
  previous: string;
  current: string;
}

/** A change only when both versions are known and differ. */
export function versionChanged(stored: string | null, received: string | null | undefined): boolean {
  return !!stored && !!received && stored !== received;
}

export const versionStore = createStore<VersionChange | null>(null);

export function createVersionMonitor(deps: {
  read: () => string | null;
  write: (version: string) => void;
  onChange: (change: VersionChange) => void;
}): (received: string) => void {
  return (received) => {
    const stored = deps.read();
    if (!received || stored === received) return;
    deps.write(received);
    if (versionChanged(stored, received)) deps.onChange({ previous: stored!, current: received });
  };
}

/** The change event dispatched on window, and the banner's store. */
export function announceVersionChange(change: VersionChange): void {
  versionStore.set(change);
  if (typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(VERSION_EVENT, { detail: change }));
}
