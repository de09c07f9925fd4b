// Texts of the setup wizard, English and French (polyglot syntax). The spec's own words
// ('Finish setup', 'To resume setup, click here', '<<', '>>', 'Finish later') are used as given.
import type { PageMessages } from '../registry';

const en = {
  finish_setup: 'Finish setup',
  reminder: 'To resume setup, click here',
  ok: 'OK',
  back: '<<',
  next: '>>',
  back_label: 'Previous section',
  next_label: 'Next section',
  finish_later: 'Finish later',
  loading: 'Loading setup',
  load_error: 'The setup could not be loaded: %{error}',
  progress: 'Setup %{percent}% complete (%{done} of %{total} steps)',
  section_of: 'Section %{n} of 4',
  done: 'Done',
  to_do: 'To do',
  video: 'Watch the setup video',
  videoElsewhere: 'Open the video on YouTube',
  welcome: {
    title: 'Welcome to Distillery',
    intro:
      'A few steps set up your distillery: your company and excise licences, what you make, your equipment and your inventory. Start by ticking the steps your work goes through.',
  },
  sections: {
    0: {
      title: 'Your workflow',
      intro: 'Tick the steps your distillery works through. Each tick is saved at once.',
    },
    1: {
      title: 'Your company',
      intro: 'Your company information and excise licences appear on your records and excise returns.',
    },
    2: { title: 'What you make', intro: 'The spirits (and wines) your records and returns account for.' },
    3: { title: 'Your equipment', intro: 'The vessels and stills your production uses.' },
    4: { title: 'Your inventory', intro: 'The items you buy and use, the products you sell, and your containers.' },
  },
  workflow: {
    mashing: 'Mashing',
    distilling: 'Distilling',
    blending: 'Blending',
    wine: 'Wine',
    casks: 'Casks',
    bulkContainers: 'Bulk containers',
    sales: 'Sales',
    purchasing: 'Purchasing',
    distilling_locked: 'Mashing needs distilling',
    save_error: 'Not saved: %{error}',
  },
  steps: {
    companyInfo: { label: 'Company information', need: 'Address, phone and business number' },
    excise: { label: 'Excise licences', need: 'A spirits and a warehouse licence for every site' },
    spirits: { label: 'Spirits', need: 'At least one active spirit' },
    wines: { label: 'Wines', need: 'At least one active wine' },
    tanks: { label: 'Tanks', need: 'At least one active tank' },
    stills: { label: 'Stills', need: 'At least one active still' },
    fermenters: { label: 'Fermenters', need: 'At least one active fermenter' },
    items: { label: 'Items', need: 'At least one active item' },
    products: { label: 'Products', need: 'At least one active product' },
    casks: { label: 'Casks', need: 'At least one active cask' },
    bulkContainers: { label: 'Bulk containers', need: 'At least one active bulk container' },
  },
  accounting: {
    connected: 'Accounting: connected to %{provider}',
    not_connected: 'Accounting: not connected (Apps)',
  },
  nothing_here: 'Nothing in this section needs your permissions.',
  complete: {
    title: 'Congratulations!',
    text: 'Setup is 100% complete. Your distillery is ready to use.',
  },
  incomplete: {
    title: 'Almost there',
    text: 'Setup is %{percent}% complete. The steps still to do are marked in each section.',
  },
  done_error: 'Setup could not be marked done: %{error}',
};

const fr: typeof en = {
  finish_setup: 'Terminer la configuration',
  reminder: 'Pour reprendre la configuration, cliquez ici',
  ok: 'OK',
  back: '<<',
  next: '>>',
  back_label: 'Section précédente',
  next_label: 'Section suivante',
  finish_later: 'Terminer plus tard',
  loading: 'Chargement de la configuration',
  load_error: "La configuration n'a pas pu être chargée : %{error}",
  progress: 'Configuration terminée à %{percent} % (%{done} étapes sur %{total})',
  section_of: 'Section %{n} sur 4',
  done: 'Fait',
  to_do: 'À faire',
  video: 'Regarder la vidéo de configuration',
  videoElsewhere: 'Ouvrir la vidéo sur YouTube',
  welcome: {
    title: 'Bienvenue dans Distillery',
    intro:
      "Quelques étapes configurent votre distillerie : votre entreprise et vos licences d'accise, ce que vous produisez, votre équipement et votre inventaire. Commencez par cocher les étapes de votre travail.",
  },
  sections: {
    0: {
      title: 'Votre flux de travail',
      intro: 'Cochez les étapes de votre distillerie. Chaque case est enregistrée aussitôt.',
    },
    1: {
      title: 'Votre entreprise',
      intro: "Les informations de l'entreprise et les licences d'accise figurent sur vos registres et déclarations.",
    },
    2: {
      title: 'Ce que vous produisez',
      intro: 'Les spiritueux (et vins) dont vos registres et déclarations rendent compte.',
    },
    3: { title: 'Votre équipement', intro: 'Les cuves et alambics de votre production.' },
    4: {
      title: 'Votre inventaire',
      intro: 'Les articles achetés et utilisés, les produits vendus et vos contenants.',
    },
  },
  workflow: {
    mashing: 'Brassage',
    distilling: 'Distillation',
    blending: 'Assemblage',
    wine: 'Vin',
    casks: 'Fûts',
    bulkContainers: 'Contenants en vrac',
    sales: 'Ventes',
    purchasing: 'Achats',
    distilling_locked: 'Le brassage exige la distillation',
    save_error: 'Non enregistré : %{error}',
  },
  steps: {
    companyInfo: { label: "Informations de l'entreprise", need: "Adresse, téléphone et numéro d'entreprise" },
    excise: { label: "Licences d'accise", need: "Une licence de spiritueux et d'entrepositaire pour chaque site" },
    spirits: { label: 'Spiritueux', need: 'Au moins un spiritueux actif' },
    wines: { label: 'Vins', need: 'Au moins un vin actif' },
    tanks: { label: 'Cuves', need: 'Au moins une cuve active' },
    stills: { label: 'Alambics', need: 'Au moins un alambic actif' },
    fermenters: { label: 'Fermenteurs', need: 'Au moins un fermenteur actif' },
    items: { label: 'Articles', need: 'Au moins un article actif' },
    products: { label: 'Produits', need: 'Au moins un produit actif' },
    casks: { label: 'Fûts', need: 'Au moins un fût actif' },
    bulkContainers: { label: 'Contenants en vrac', need: 'Au moins un contenant en vrac actif' },
  },
  accounting: {
    connected: 'Comptabilité : connectée à %{provider}',
    not_connected: 'Comptabilité : non connectée (Applications)',
  },
  nothing_here: 'Rien dans cette section ne relève de vos autorisations.',
  complete: {
    title: 'Félicitations !',
    text: 'La configuration est terminée à 100 %. Votre distillerie est prête.',
  },
  incomplete: {
    title: 'Presque terminé',
    text: 'La configuration est terminée à %{percent} %. Les étapes qui restent sont indiquées dans chaque section.',
  },
  done_error: "La configuration n'a pas pu être marquée terminée : %{error}",
};

export const setupMessages: PageMessages = {
  en: { app: { setup: en } },
  fr: { app: { setup: fr } },
};
