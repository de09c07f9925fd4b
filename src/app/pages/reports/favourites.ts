// Starred reports (spec 2.5: a favourite flag per report, per user, default off) are bookmarks
// `ReportsView?to=<Name>` in the user's settings, so the drawer's Bookmarks show them (under the
// reports group's rule, shell/menu.ts) and open the viewer; Manage keeps them.
import { useCallback } from 'react';
import { BOOKMARKS_KEY, useBookmarks } from '../../layout/AppMenu';
import { REPORT_BOOKMARK } from '../../shell/menu';
import { useUserSettings } from '../../shell/userSettings';

export const reportBookmark = (name: string) => `${REPORT_BOOKMARK}${name}`;

/** The toggled bookmarks: a starred report is added at the end, an unstarred one removed. */
export function toggledBookmarks(bookmarks: readonly string[], name: string): string[] {
  const key = reportBookmark(name);
  return bookmarks.includes(key) ? bookmarks.filter((k) => k !== key) : [...bookmarks, key];
}

export function useFavourites() {
  const bookmarks = useBookmarks();
  const [, update] = useUserSettings();
  const isStarred = useCallback((name: string) => bookmarks.includes(reportBookmark(name)), [bookmarks]);
  const toggle = useCallback(
    (name: string) => update({ [BOOKMARKS_KEY]: toggledBookmarks(bookmarks, name) }),
    [bookmarks, update],
  );
  return { isStarred, toggle };
}
