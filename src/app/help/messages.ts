// Texts of the help panel, English and French (polyglot syntax). The contact form's messages
// are the app's own (app.validation.*, app.error.invalid_form).
import type { PageMessages } from '../pages/registry';

const en = {
  open: 'Help',
  close: 'Close help',
  title: 'Help',
  back: 'Back',
  home: 'Help topics',
  search: 'Search help',
  no_results: 'No articles found',
  articles: '%{smart_count} article |||| %{smart_count} articles',
  sort: 'Sort by',
  most_viewed: 'Most viewed',
  most_recent: 'Most recent',
  updated: 'Updated %{date}',
  reads: 'Read %{smart_count} time |||| Read %{smart_count} times',
  see_also: 'See also',
  video: 'Watch the video',
  not_found: 'This article does not exist.',
  load_failed: 'Help could not be loaded. Try again.',
  screen_help: 'Help on this screen',
  tickets: {
    open: 'Messages sent',
    title: 'Messages sent by your team',
    none: 'No messages yet',
  },
  contact: {
    open: 'Contact us',
    title: 'Contact us',
    intro: 'Ask us anything about the app. Your administrators can read your message too.',
    subject: 'Subject',
    text: 'Message',
    send: 'Send',
    sent: 'We received your request and will get back to you shortly.',
  },
};

const fr: typeof en = {
  open: 'Aide',
  close: "Fermer l'aide",
  title: 'Aide',
  back: 'Retour',
  home: "Rubriques d'aide",
  search: "Rechercher dans l'aide",
  no_results: 'Aucun article trouvé',
  articles: '%{smart_count} article |||| %{smart_count} articles',
  sort: 'Trier par',
  most_viewed: 'Les plus consultés',
  most_recent: 'Les plus récents',
  updated: 'Mis à jour le %{date}',
  reads: 'Lu %{smart_count} fois |||| Lu %{smart_count} fois',
  see_also: 'Voir aussi',
  video: 'Regarder la vidéo',
  not_found: "Cet article n'existe pas.",
  load_failed: "L'aide n'a pas pu être chargée. Réessayez.",
  screen_help: 'Aide sur cet écran',
  tickets: {
    open: 'Messages envoyés',
    title: 'Messages envoyés par votre équipe',
    none: 'Aucun message pour le moment',
  },
  contact: {
    open: 'Nous joindre',
    title: 'Nous joindre',
    intro: "Posez-nous toute question sur l'application. Vos administrateurs peuvent aussi lire votre message.",
    subject: 'Objet',
    text: 'Message',
    send: 'Envoyer',
    sent: 'Nous avons reçu votre demande et vous répondrons sous peu.',
  },
};

export const helpMessages: PageMessages = {
  en: { app: { help: en } },
  fr: { app: { help: fr } },
};
