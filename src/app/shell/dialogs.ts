// Dialogs opened from the user menu outlive the menu, so their open state lives here.
import { useSyncExternalStore } from 'react';
import { createStore } from './store';

export type ShellDialog = 'password' | 'version' | 'about' | 'bookmarks' | null;

export const dialogStore = createStore<ShellDialog>(null);
export const openDialog = (dialog: ShellDialog) => dialogStore.set(dialog);
export const closeDialog = () => dialogStore.set(null);
export const useOpenDialog = (): ShellDialog => useSyncExternalStore(dialogStore.subscribe, dialogStore.get);
