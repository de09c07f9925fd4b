// Texts of the top bar's favourites menu, English and French (polyglot syntax).
import type { PageMessages } from '../../pages/registry';

const en = {
  open: 'Favourites',
  title: 'Favourites',
  empty: 'No favourites yet. Choose the screens you use most with Manage.',
  // the remove button's name is 'Remove <screen> from favourites': the screen's name sits between
  remove_before: 'Remove',
  remove_after: 'from favourites',
  manage: 'Manage favourites',
};

const fr = {
  open: 'Favoris',
  title: 'Favoris',
  empty: "Aucun favori pour l'instant. Choisissez les écrans que vous utilisez le plus avec Gérer.",
  remove_before: 'Retirer',
  remove_after: 'des favoris',
  manage: 'Gérer les favoris',
};

export const favouritesMessages: PageMessages = {
  en: { app: { favourites: en } },
  fr: { app: { favourites: fr } },
};
