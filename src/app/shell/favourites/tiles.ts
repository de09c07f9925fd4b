// The favourites menu's model (spec 2.5 'favourites menu (tiles 120 px)', spec 3 user settings
// 'favourites'): the tiles are the user's bookmarks — the list the drawer's Bookmarks and its
// Manage dialog keep — limited to what the user may still open, each with the menu group it
// belongs to (its icon), and arrow keys that move across the grid of tiles.
import { bookmarkedEntries, REPORT_BOOKMARK, type MenuEntry, type ShellMenuGroup } from '../menu';

/** The tile's side in pixels (spec constants: 'favourites tile 120 px'). */
export const TILE_SIZE = 120;

export interface FavouriteTile {
  entry: MenuEntry;
  /** the menu group (spec's favourites groups: production … reports) the entry sits in */
  group: string;
}

/** The user's favourites they may open, in the order chosen, each with its menu group. */
export function favouriteTiles(groups: readonly ShellMenuGroup[], bookmarks: readonly string[]): FavouriteTile[] {
  const groupOf = new Map(groups.flatMap((g) => g.entries.map((e) => [e.key, g.group] as const)));
  return bookmarkedEntries(groups, bookmarks).map((entry) => ({
    entry,
    group: groupOf.get(entry.key) ?? (entry.key.startsWith(REPORT_BOOKMARK) ? 'reports' : ''),
  }));
}

/** The bookmarks without one key; keys the user cannot open today stay (a permission may come back). */
export function withoutFavourite(bookmarks: readonly string[], key: string): string[] {
  return bookmarks.filter((k) => k !== key);
}

/**
 * The tile that takes focus after a key press in a grid of `count` tiles, `columns` to a row:
 * arrows move one tile or one row, Home and End go to the first and last. Null: not a moving key,
 * or no tile that way (focus stays).
 */
export function nextTileIndex(index: number, key: string, count: number, columns: number): number | null {
  const across = Math.max(1, columns);
  const target = (() => {
    switch (key) {
      case 'ArrowRight':
        return index + 1;
      case 'ArrowLeft':
        return index - 1;
      case 'ArrowDown':
        return index + across;
      case 'ArrowUp':
        return index - across;
      case 'Home':
        return 0;
      case 'End':
        return count - 1;
      default:
        return null;
    }
  })();
  if (target === null || target < 0 || target >= count || target === index) return null;
  return target;
}

/** How many tiles share the first row: the tiles' distance from the top of the grid, as laid out. */
export function columnsOf(tops: readonly number[]): number {
  if (!tops.length) return 1;
  const first = tops[0];
  const n = tops.findIndex((t) => t !== first);
  return n === -1 ? tops.length : n;
}
