// The favourites menu's content (spec 2.5 'favourites menu (tiles 120 px)'): one 120 px tile per
// favourite the user may open (icon and name; a link), a remove button on each, and Manage,
// which opens the drawer's grouped chooser (one list of favourites for the drawer and this menu).
// Arrow keys, Home and End move between tiles as they are laid out; Tab reaches every control.
import { useEffect, useRef, type KeyboardEvent, type ReactElement } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useNotify, useTranslate } from 'react-admin';
import { Box, Button, IconButton, Typography } from '@mui/material';
import { visuallyHidden } from '@mui/utils';
import CloseIcon from '@mui/icons-material/Close';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import ScienceIcon from '@mui/icons-material/Science';
import PrecisionManufacturingIcon from '@mui/icons-material/PrecisionManufacturing';
import InventoryIcon from '@mui/icons-material/Inventory2';
import PointOfSaleIcon from '@mui/icons-material/PointOfSale';
import ShoppingCartIcon from '@mui/icons-material/ShoppingCart';
import LocalBarIcon from '@mui/icons-material/LocalBar';
import EventNoteIcon from '@mui/icons-material/EventNote';
import AssessmentIcon from '@mui/icons-material/Assessment';
import { BOOKMARKS_KEY, EntryLabel, useBookmarks, useShellMenu } from '../../layout/AppMenu';
import { useUserSettings } from '../userSettings';
import { openDialog } from '../dialogs';
import { columnsOf, favouriteTiles, nextTileIndex, TILE_SIZE, withoutFavourite } from './tiles';

/** An icon per favourites group (spec 2.5's list); other groups show the bookmark. */
const GROUP_ICONS: Record<string, ReactElement> = {
  production: <ScienceIcon />,
  equipment: <PrecisionManufacturingIcon />,
  inventory: <InventoryIcon />,
  sales: <PointOfSaleIcon />,
  purchasing: <ShoppingCartIcon />,
  alcohol: <LocalBarIcon />,
  planning: <EventNoteIcon />,
  reports: <AssessmentIcon />,
};

const GAP = 8;

const tileLinks = (grid: HTMLElement | null) => [...(grid?.querySelectorAll<HTMLAnchorElement>('a[data-tile]') ?? [])];
const REMOVE_BEFORE_ID = 'favourites-remove-before';
const REMOVE_AFTER_ID = 'favourites-remove-after';

export function FavouritesTiles({ onClose, onResize }: { onClose: () => void; onResize: () => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const groups = useShellMenu();
  const bookmarks = useBookmarks();
  const [, update] = useUserSettings();
  const tiles = favouriteTiles(groups, bookmarks);
  const grid = useRef<HTMLUListElement>(null);
  const manageButton = useRef<HTMLButtonElement>(null);
  // the tile to focus once a removed tile is gone: focus never falls back to the page
  const refocus = useRef<number | null>(null);

  // the menu opens on its first tile, as a menu does
  useEffect(() => {
    tileLinks(grid.current)[0]?.focus();
  }, []);
  // the menu's size changes with the number of tiles: its popover places itself again
  useEffect(onResize, [tiles.length, onResize]);
  useEffect(() => {
    if (refocus.current === null) return;
    const all = tileLinks(grid.current);
    (all[Math.min(refocus.current, all.length - 1)] ?? manageButton.current)?.focus();
    refocus.current = null;
  }, [tiles.length]);

  const onKeyDown = (e: KeyboardEvent<HTMLUListElement>) => {
    const all = tileLinks(grid.current);
    const index = all.indexOf(e.target as HTMLAnchorElement);
    if (index === -1) return;
    const columns = columnsOf(all.map((a) => a.getBoundingClientRect().top));
    const next = nextTileIndex(index, e.key, all.length, columns);
    if (next === null) return;
    e.preventDefault();
    all[next].focus();
  };

  const remove = (key: string, index: number) => {
    refocus.current = index;
    update({ [BOOKMARKS_KEY]: withoutFavourite(bookmarks, key) }).catch(() =>
      notify('ra.notification.http_error', { type: 'error' }),
    );
  };

  const manage = () => {
    onClose();
    openDialog('bookmarks');
  };

  return (
    <Box sx={{ p: 2, maxWidth: 3 * TILE_SIZE + 2 * GAP + 32 }}>
      <Typography id="favourites-title" variant="subtitle1" component="h2" sx={{ mb: 1 }}>
        {translate('app.favourites.title')}
      </Typography>
      <Box component="span" id={REMOVE_BEFORE_ID} sx={visuallyHidden}>
        {translate('app.favourites.remove_before')}
      </Box>
      <Box component="span" id={REMOVE_AFTER_ID} sx={visuallyHidden}>
        {translate('app.favourites.remove_after')}
      </Box>
      {tiles.length ? (
        <Box
          component="ul"
          ref={grid}
          aria-labelledby="favourites-title"
          onKeyDown={onKeyDown}
          data-testid="favourites-tiles"
          sx={{
            listStyle: 'none',
            m: 0,
            p: 0,
            display: 'grid',
            gap: `${GAP}px`,
            // a popover sizes to its content, so the columns are set: two on a phone, else three
            gridTemplateColumns: {
              xs: `repeat(${Math.min(2, tiles.length)}, ${TILE_SIZE}px)`,
              sm: `repeat(${Math.min(3, tiles.length)}, ${TILE_SIZE}px)`,
            },
          }}
        >
          {tiles.map(({ entry, group }, i) => {
            const labelId = `favourite-tile-${i}`;
            return (
              <Box component="li" key={entry.key} sx={{ position: 'relative', width: TILE_SIZE, height: TILE_SIZE }}>
                <Box
                  component={RouterLink}
                  to={entry.path}
                  onClick={onClose}
                  data-tile
                  aria-labelledby={labelId}
                  sx={{
                    width: '100%',
                    height: '100%',
                    display: 'flex',
                    flexDirection: 'column',
                    alignItems: 'center',
                    justifyContent: 'center',
                    gap: 1,
                    p: 1,
                    boxSizing: 'border-box',
                    borderRadius: 1,
                    border: 1,
                    borderColor: 'divider',
                    color: 'text.primary',
                    textDecoration: 'none',
                    textAlign: 'center',
                    '& .MuiSvgIcon-root': { color: 'primary.main', fontSize: 32 },
                    '&:hover': { bgcolor: 'action.hover' },
                    '&:focus-visible': { outline: 2, outlineColor: 'primary.main', outlineOffset: 2 },
                  }}
                >
                  {GROUP_ICONS[group] ?? <BookmarkIcon />}
                  <Typography
                    id={labelId}
                    variant="body2"
                    component="span"
                    sx={{
                      overflow: 'hidden',
                      display: '-webkit-box',
                      WebkitLineClamp: 3,
                      WebkitBoxOrient: 'vertical',
                      overflowWrap: 'anywhere',
                    }}
                  >
                    <EntryLabel entry={entry} />
                  </Typography>
                </Box>
                <IconButton
                  size="small"
                  aria-labelledby={`${REMOVE_BEFORE_ID} ${labelId} ${REMOVE_AFTER_ID}`}
                  onClick={() => remove(entry.key, i)}
                  sx={{ position: 'absolute', top: 2, right: 2, p: 0.25 }}
                >
                  <CloseIcon fontSize="small" />
                </IconButton>
              </Box>
            );
          })}
        </Box>
      ) : (
        <Typography variant="body2" color="text.secondary" sx={{ maxWidth: 3 * TILE_SIZE + 2 * GAP }}>
          {translate('app.favourites.empty')}
        </Typography>
      )}
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 1 }}>
        <Button size="small" onClick={manage} ref={manageButton}>
          {translate('app.favourites.manage')}
        </Button>
      </Box>
    </Box>
  );
}
