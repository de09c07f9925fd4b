// The accounting update dialog's words (spec 8: it "warns that product changes will be
// overridden by accounting system values"), English and French, registered when its chunk loads.
import type { PageMessages } from '../registry';

const en = {
  accountingUpdate: {
    title: 'Accounting update',
    product:
      'Product changes will be overridden by accounting system values. This product is linked to the accounting system: when it changes there, its name, SKU, price, description and active status replace the ones saved here. Make the change in the accounting system to keep it.',
    item: 'Item changes will be overridden by accounting system values. This item is linked to the accounting system: when it changes there, its name, SKU and active status replace the ones saved here. Make the change in the accounting system to keep it.',
    save: 'Save anyway',
  },
};

const fr: typeof en = {
  accountingUpdate: {
    title: 'Mise à jour comptable',
    product:
      'Les modifications du produit seront remplacées par les valeurs du système comptable. Ce produit est lié au système comptable : quand il y change, son nom, son UGS, son prix, sa description et son statut actif remplacent ceux enregistrés ici. Faites la modification dans le système comptable pour la conserver.',
    item: "Les modifications de l'article seront remplacées par les valeurs du système comptable. Cet article est lié au système comptable : quand il y change, son nom, son UGS et son statut actif remplacent ceux enregistrés ici. Faites la modification dans le système comptable pour la conserver.",
    save: 'Enregistrer quand même',
  },
};

export const accountingUpdateMessages: PageMessages = { en, fr };
