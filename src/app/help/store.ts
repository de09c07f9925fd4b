// Whether the help panel is open and on which article: a small store outside React, so a list's
// help icon and the top-bar button (different parts of the tree) open the same panel.
import { useSyncExternalStore } from 'react';
import { createStore } from '../shell/store';

export interface HelpPanelState {
  open: boolean;
  /** open on this article; null: the topics */
  articleId: string | null;
  /** changes on every opening, so the panel resets to the asked view even if it was open */
  opening: number;
}

const store = createStore<HelpPanelState>({ open: false, articleId: null, opening: 0 });

export const openHelp = (articleId: string | null = null) =>
  store.set({ open: true, articleId, opening: store.get().opening + 1 });
export const closeHelp = () => store.set({ ...store.get(), open: false });

export const useHelpPanel = (): HelpPanelState => useSyncExternalStore(store.subscribe, store.get);
