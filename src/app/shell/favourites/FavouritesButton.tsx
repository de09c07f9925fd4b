// The top bar's favourites menu button (spec 2.5), from 600 px wide up. Only the button lives in
// the shell's first load (its icon is the drawer's bookmark icon, already there); the tiles are a
// chunk loaded when the menu first opens, and closing the menu unmounts them.
import { lazy, Suspense, useCallback, useRef, useState } from 'react';
import { useTranslate } from 'react-admin';
import { Box, CircularProgress, IconButton, Popover, Tooltip, type PopoverActions } from '@mui/material';
import BookmarkIcon from '@mui/icons-material/Bookmark';
import { useCurrentCompany } from '../../services';

const FavouritesTiles = lazy(() => import('./FavouritesTiles').then((m) => ({ default: m.FavouritesTiles })));

export function FavouritesButton() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  // the popover is placed while its loading spinner shows: placed again once the tiles are in
  const popover = useRef<PopoverActions>(null);
  const place = useCallback(() => popover.current?.updatePosition(), []);
  if (!company) return null;
  const label = translate('app.favourites.open');
  const close = () => setAnchor(null);
  return (
    <>
      <Tooltip title={label}>
        <IconButton
          color="inherit"
          aria-label={label}
          aria-haspopup="dialog"
          aria-expanded={!!anchor}
          data-testid="favourites-button"
          // a phone's top bar has no room left (the user menu would be pushed off a 390 px
          // screen): there the drawer's Bookmarks hold the same favourites
          sx={{ display: { xs: 'none', sm: 'inline-flex' } }}
          onClick={(e) => setAnchor(e.currentTarget)}
        >
          <BookmarkIcon />
        </IconButton>
      </Tooltip>
      <Popover
        open={!!anchor}
        anchorEl={anchor}
        action={popover}
        onClose={close}
        anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}
        transformOrigin={{ vertical: 'top', horizontal: 'right' }}
        slotProps={{ paper: { role: 'dialog', 'aria-labelledby': 'favourites-title' } as object }}
      >
        <Suspense
          fallback={
            <Box sx={{ p: 2, display: 'flex', justifyContent: 'center' }}>
              <CircularProgress size={24} aria-label={translate('ra.page.loading')} />
            </Box>
          }
        >
          <FavouritesTiles onClose={close} onResize={place} />
        </Suspense>
      </Popover>
    </>
  );
}
