// Texts of the barcode scanner menu, English and French (polyglot syntax). The camera error is
// the spec's wording (spec 4 'Camera failure').
import type { PageMessages } from '../pages/registry';

const en = {
  open: 'Barcode scanner',
  title: 'Barcode scanner',
  intro:
    'Scan with a USB scanner anywhere in the app (outside a text box), or use the camera. On a document, a scan adds a line; elsewhere it opens the product or item.',
  code: 'Code',
  code_help: 'Type or paste a code, then Enter',
  camera_start: 'Start camera',
  camera_stop: 'Stop camera',
  camera_denied: 'Camera access is not allowed. You may have to update your browser settings.',
  camera_loading: 'Starting the camera…',
  last: 'Last scan: %{code}',
  added: 'Added %{name}',
  not_found: 'No product or item has the code %{code}',
  json_unknown: 'This screen has no use for the scanned label',
};

const fr = {
  open: 'Lecteur de codes-barres',
  title: 'Lecteur de codes-barres',
  intro:
    "Lisez un code avec un lecteur USB n'importe où dans l'application (hors d'une zone de texte), ou utilisez la caméra. Sur un document, une lecture ajoute une ligne; ailleurs, elle ouvre le produit ou l'article.",
  code: 'Code',
  code_help: 'Tapez ou collez un code, puis Entrée',
  camera_start: 'Démarrer la caméra',
  camera_stop: 'Arrêter la caméra',
  camera_denied:
    "L'accès à la caméra n'est pas autorisé. Vous devrez peut-être modifier les paramètres de votre navigateur.",
  camera_loading: 'Démarrage de la caméra…',
  last: 'Dernière lecture : %{code}',
  added: '%{name} ajouté',
  not_found: "Aucun produit ni article n'a le code %{code}",
  json_unknown: "Cet écran n'utilise pas l'étiquette lue",
};

export const scannerMessages: PageMessages = {
  en: { app: { scanner: en } },
  fr: { app: { scanner: fr } },
};
