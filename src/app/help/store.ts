// Whether the help panel is open and on which article: a small store outside React, so a list's
// help icon and the top-bar button (different parts of the tree) open the same panel.
import { useSyncExternalStore } from 'react';

export interface HelpPanelState {
  open: boolean;
  /** open on this article; null: the topics */
  articleId: string | null;
  /** changes on every opening, so the panel resets to the asked view even if it was open */
  opening: number;
}

let state: HelpPanelState = { open: false, articleId: null, opening: 0 };
const listeners = new Set<() => void>();
const set = (next: HelpPanelState) => {
  state = next;
  listeners.forEach((l) => l());
};

export const openHelp = (articleId: string | null = null) => set({ open: true, articleId, opening: state.opening + 1 });
export const closeHelp = () => set({ ...state, open: false });

const subscribe = (l: () => void) => {
  listeners.add(l);
  return () => listeners.delete(l);
};

export const useHelpPanel = (): HelpPanelState => useSyncExternalStore(subscribe, () => state);
