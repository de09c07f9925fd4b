// The top bar's favourites menu (spec 2.5): a small button in the shell; the tiles are a chunk
// loaded on first open.
export { FavouritesButton } from './FavouritesButton';
export { favouritesMessages } from './messages';
