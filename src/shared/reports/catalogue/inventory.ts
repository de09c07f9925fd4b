// The inventory reports of the catalogue (spec 2.5), in the spec's order.
import type { ReportColumn, ReportMeta, ReportParam, Text } from '../types';

export const inventoryReports: ReportMeta[] = [
  {
    name: 'Lot',
    group: 'inventory',
    title: { en: 'Lot tracing', fr: 'Traçabilité des lots' },
    shortName: { en: 'Lot trace', fr: 'Traçabilité' },
    description: {
      en: 'Follow a lot back to the casks, tanks, distillations, mashes and grain lots it came from, or forward to every product and customer it reached.',
      fr: "Remonter un lot jusqu'aux fûts, cuves, distillations, brassins et lots de grain d'où il vient, ou le suivre jusqu'à chaque produit et client qu'il a atteint.",
    },
    params: [],
    permissions: ['production', 'inventory'],
    columns: [],
    view: 'lotTrace',
  },

  {
    name: 'ProductsActivity',
    group: 'inventory',
    title: { en: 'Products activity', fr: 'Mouvements des produits' },
    shortName: { en: 'Products activity', fr: 'Mouvements produits' },
    description: {
      en: 'Every movement of packaged products in the period: what came in and went out of each product, site, lot and status, with its running balance.',
      fr: 'Chaque mouvement des produits emballés de la période : entrées et sorties par produit, site, lot et statut, avec le solde courant.',
    },
    params: ['range', 'siteId', 'productId'],
    permissions: ['inventory', 'production'],
    landscape: true,
    columns: [
      { key: 'date', label: { en: 'Date', fr: 'Date' }, type: 'date' },
      { key: 'product', label: { en: 'Product', fr: 'Produit' }, type: 'text' },
      { key: 'site', label: { en: 'Site', fr: 'Site' }, type: 'text' },
      { key: 'lot', label: { en: 'Lot', fr: 'Lot' }, type: 'lot' },
      { key: 'status', label: { en: 'Status', fr: 'Statut' }, type: 'text' },
      { key: 'type', label: { en: 'Type', fr: 'Type' }, type: 'text' },
      { key: 'description', label: { en: 'Description', fr: 'Description' }, type: 'text' },
      { key: 'in', label: { en: 'In', fr: 'Entrées' }, type: 'quantity', total: true },
      { key: 'out', label: { en: 'Out', fr: 'Sorties' }, type: 'quantity', total: true },
      { key: 'balance', label: { en: 'Balance', fr: 'Solde' }, type: 'quantity' },
      { key: 'laa', label: { en: 'LAA', fr: 'LAA' }, type: 'laa', unit: 'LAA', total: true },
      { key: 'value', label: { en: 'Value', fr: 'Valeur' }, type: 'money', values: true, total: true },
    ],
  },
  {
    name: 'ProductsPeriodSummary',
    group: 'inventory',
    title: { en: 'Products period summary', fr: 'Sommaire des produits pour la période' },
    shortName: { en: 'Products summary', fr: 'Sommaire produits' },
    description: {
      en: 'For each product and site: opening stock, what came in, what went out and closing stock, with its value.',
      fr: "Pour chaque produit et site : stock d'ouverture, entrées, sorties et stock de clôture, avec sa valeur.",
    },
    params: ['range', 'siteId', 'productId'],
    permissions: ['inventory', 'production'],
    columns: [
      { key: 'product', label: { en: 'Product', fr: 'Produit' }, type: 'text' },
      { key: 'sku', label: { en: 'SKU', fr: 'UGS' }, type: 'text' },
      { key: 'site', label: { en: 'Site', fr: 'Site' }, type: 'text' },
      { key: 'opening', label: { en: 'Opening', fr: 'Ouverture' }, type: 'quantity', total: true },
      { key: 'in', label: { en: 'In', fr: 'Entrées' }, type: 'quantity', total: true },
      { key: 'out', label: { en: 'Out', fr: 'Sorties' }, type: 'quantity', total: true },
      { key: 'closing', label: { en: 'Closing', fr: 'Clôture' }, type: 'quantity', total: true },
      { key: 'closingLaa', label: { en: 'Closing LAA', fr: 'LAA de clôture' }, type: 'laa', unit: 'LAA', total: true },
      {
        key: 'openingValue',
        label: { en: 'Opening value', fr: "Valeur d'ouverture" },
        type: 'money',
        values: true,
        total: true,
      },
      {
        key: 'closingValue',
        label: { en: 'Closing value', fr: 'Valeur de clôture' },
        type: 'money',
        values: true,
        total: true,
      },
    ],
  },
  {
    name: 'ItemsActivity',
    group: 'inventory',
    title: { en: 'Items activity', fr: 'Mouvements des articles' },
    shortName: { en: 'Items activity', fr: 'Mouvements articles' },
    description: {
      en: 'Every movement of inventory items (grain, botanicals, packaging) in the period, with each item’s running balance.',
      fr: 'Chaque mouvement des articles en stock (grains, aromates, emballages) de la période, avec le solde courant de chaque article.',
    },
    params: ['range', 'siteId', 'itemId'],
    permissions: ['inventory', 'production'],
    landscape: true,
    columns: [
      { key: 'date', label: { en: 'Date', fr: 'Date' }, type: 'date' },
      { key: 'item', label: { en: 'Item', fr: 'Article' }, type: 'text' },
      { key: 'site', label: { en: 'Site', fr: 'Site' }, type: 'text' },
      { key: 'lot', label: { en: 'Lot', fr: 'Lot' }, type: 'lot' },
      { key: 'type', label: { en: 'Type', fr: 'Type' }, type: 'text' },
      { key: 'description', label: { en: 'Description', fr: 'Description' }, type: 'text' },
      { key: 'units', label: { en: 'Units', fr: 'Unités' }, type: 'text' },
      { key: 'in', label: { en: 'In', fr: 'Entrées' }, type: 'quantity', total: true },
      { key: 'out', label: { en: 'Out', fr: 'Sorties' }, type: 'quantity', total: true },
      { key: 'balance', label: { en: 'Balance', fr: 'Solde' }, type: 'quantity' },
      { key: 'value', label: { en: 'Value', fr: 'Valeur' }, type: 'money', values: true, total: true },
    ],
  },
  {
    name: 'ItemsPeriodSummary',
    group: 'inventory',
    title: { en: 'Items period summary', fr: 'Sommaire des articles pour la période' },
    shortName: { en: 'Items summary', fr: 'Sommaire articles' },
    description: {
      en: 'For each item and site: opening stock, what came in, what went out and closing stock, with its value.',
      fr: "Pour chaque article et site : stock d'ouverture, entrées, sorties et stock de clôture, avec sa valeur.",
    },
    params: ['range', 'siteId', 'itemId'],
    permissions: ['inventory', 'production'],
    columns: [
      { key: 'item', label: { en: 'Item', fr: 'Article' }, type: 'text' },
      { key: 'sku', label: { en: 'SKU', fr: 'UGS' }, type: 'text' },
      { key: 'site', label: { en: 'Site', fr: 'Site' }, type: 'text' },
      { key: 'units', label: { en: 'Units', fr: 'Unités' }, type: 'text' },
      { key: 'opening', label: { en: 'Opening', fr: 'Ouverture' }, type: 'quantity', total: true },
      { key: 'in', label: { en: 'In', fr: 'Entrées' }, type: 'quantity', total: true },
      { key: 'out', label: { en: 'Out', fr: 'Sorties' }, type: 'quantity', total: true },
      { key: 'closing', label: { en: 'Closing', fr: 'Clôture' }, type: 'quantity', total: true },
      {
        key: 'openingValue',
        label: { en: 'Opening value', fr: "Valeur d'ouverture" },
        type: 'money',
        values: true,
        total: true,
      },
      {
        key: 'closingValue',
        label: { en: 'Closing value', fr: 'Valeur de clôture' },
        type: 'money',
        values: true,
        total: true,
      },
    ],
  },
  {
    name: 'NonExciseActivity',
    group: 'inventory',
    title: { en: 'Non-excise alcohol activity', fr: 'Mouvements de l’alcool non soumis à l’accise' },
    shortName: { en: 'Non-excise activity', fr: 'Mouvements non-accise' },
    description: {
      en: 'Every movement of non-excise alcohol (heads, tails, feints and other non-dutiable contents) in the period, vessel by vessel.',
      fr: 'Chaque mouvement de l’alcool non soumis à l’accise (têtes, queues et autres contenus non taxables) de la période, contenant par contenant.',
    },
    params: ['range', 'siteId'],
    permissions: ['inventory', 'production'],
    landscape: true,
    columns: [
      { key: 'date', label: { en: 'Date', fr: 'Date' }, type: 'date' },
      { key: 'name', label: { en: 'Non-excise', fr: 'Non-accise' }, type: 'text' },
      { key: 'vessel', label: { en: 'Vessel', fr: 'Contenant' }, type: 'text' },
      { key: 'lot', label: { en: 'Lot', fr: 'Lot' }, type: 'lot' },
      { key: 'type', label: { en: 'Type', fr: 'Type' }, type: 'text' },
      { key: 'description', label: { en: 'Description', fr: 'Description' }, type: 'text' },
      { key: 'in', label: { en: 'In', fr: 'Entrées' }, type: 'quantity', unit: 'L', total: true },
      { key: 'out', label: { en: 'Out', fr: 'Sorties' }, type: 'quantity', unit: 'L', total: true },
      { key: 'balance', label: { en: 'Balance', fr: 'Solde' }, type: 'quantity', unit: 'L' },
      { key: 'laa', label: { en: 'LAA', fr: 'LAA' }, type: 'laa', unit: 'LAA', total: true },
    ],
  },
  alcoholSummary('NonExcisesPeriodSummary', {
    title: { en: 'Non-excise alcohol period summary', fr: 'Sommaire de l’alcool non soumis à l’accise' },
    shortName: { en: 'Non-excise summary', fr: 'Sommaire non-accise' },
    description: {
      en: 'For each non-excise alcohol: opening, additions, reductions, transfers and adjustments, and closing, in litres and LAA.',
      fr: "Pour chaque alcool non soumis à l'accise : ouverture, ajouts, réductions, transferts et ajustements, et clôture, en litres et en LAA.",
    },
    name: { en: 'Non-excise', fr: 'Non-accise' },
    params: ['range', 'siteId'],
  }),
  alcoholSummary('SpiritsPeriodSummary', {
    title: { en: 'Spirits period summary', fr: 'Sommaire des spiritueux pour la période' },
    shortName: { en: 'Spirits summary', fr: 'Sommaire spiritueux' },
    description: {
      en: 'For each spirit in bulk: opening, additions, reductions, transfers and adjustments, and closing, in litres and LAA, from the excise ledger.',
      fr: "Pour chaque spiritueux en vrac : ouverture, ajouts, réductions, transferts et ajustements, et clôture, en litres et en LAA, selon le registre d'accise.",
    },
    name: { en: 'Spirit', fr: 'Spiritueux' },
    params: ['range', 'siteId', 'spiritId'],
  }),
  alcoholSummary('WinesPeriodSummary', {
    title: { en: 'Wines period summary', fr: 'Sommaire des vins pour la période' },
    shortName: { en: 'Wines summary', fr: 'Sommaire vins' },
    description: {
      en: 'For each wine in bulk: opening, additions, reductions, transfers and adjustments, and closing, in litres and LAA, from the excise ledger.',
      fr: "Pour chaque vin en vrac : ouverture, ajouts, réductions, transferts et ajustements, et clôture, en litres et en LAA, selon le registre d'accise.",
    },
    name: { en: 'Wine', fr: 'Vin' },
    params: ['range', 'siteId', 'wineId'],
    feature: 'allowWine',
  }),
  stockWorksheet('ItemsWorksheet', {
    title: { en: 'Items count worksheet', fr: "Feuille d'inventaire des articles" },
    shortName: { en: 'Items worksheet', fr: 'Feuille articles' },
    description: {
      en: 'A physical inventory sheet of the items: book quantity on the day, a blank column to write what is counted.',
      fr: "Une feuille d'inventaire physique des articles : quantité aux livres à la date, une colonne vide pour noter le compte.",
    },
    name: { en: 'Item', fr: 'Article' },
  }),
  stockWorksheet('ProductsWorksheet', {
    title: { en: 'Products count worksheet', fr: "Feuille d'inventaire des produits" },
    shortName: { en: 'Products worksheet', fr: 'Feuille produits' },
    description: {
      en: 'A physical inventory sheet of the products by site, lot and status: book quantity on the day, a blank column to write what is counted.',
      fr: "Une feuille d'inventaire physique des produits par site, lot et statut : quantité aux livres à la date, une colonne vide pour noter le compte.",
    },
    name: { en: 'Product', fr: 'Produit' },
  }),
  vesselWorksheet('TanksWorksheet', {
    title: { en: 'Tanks count worksheet', fr: "Feuille d'inventaire des cuves" },
    shortName: { en: 'Tanks worksheet', fr: 'Feuille cuves' },
    description: {
      en: 'A gauging sheet of the tanks: book volume, strength and LAA on the day, blank columns for the dip and the strength measured.',
      fr: 'Une feuille de jaugeage des cuves : volume, titre et LAA aux livres à la date, des colonnes vides pour la jauge et le titre mesurés.',
    },
    vessel: { en: 'Tank', fr: 'Cuve' },
  }),
  vesselWorksheet('BulkContainersWorksheet', {
    title: { en: 'Bulk containers count worksheet', fr: "Feuille d'inventaire des contenants en vrac" },
    shortName: { en: 'Bulk containers worksheet', fr: 'Feuille contenants' },
    description: {
      en: 'A gauging sheet of the bulk containers (totes, drums): book volume, strength and LAA on the day, blank columns for what is measured.',
      fr: 'Une feuille de jaugeage des contenants en vrac : volume, titre et LAA aux livres à la date, des colonnes vides pour les mesures.',
    },
    vessel: { en: 'Bulk container', fr: 'Contenant en vrac' },
  }),
  vesselWorksheet('CasksWorksheet', {
    title: { en: 'Casks count worksheet', fr: "Feuille d'inventaire des fûts" },
    shortName: { en: 'Casks worksheet', fr: 'Feuille fûts' },
    description: {
      en: 'A gauging sheet of the casks: book volume, strength and LAA on the day, blank columns for what is measured.',
      fr: 'Une feuille de jaugeage des fûts : volume, titre et LAA aux livres à la date, des colonnes vides pour les mesures.',
    },
    vessel: { en: 'Cask', fr: 'Fût' },
  }),
  {
    name: 'InventoryAccounts',
    group: 'inventory',
    title: { en: 'Inventory accounts', fr: "Comptes d'inventaire" },
    shortName: { en: 'Inventory accounts', fr: "Comptes d'inventaire" },
    description: {
      en: 'The value of inventory on hand on the day by kind, inventory account (the accounting setup’s mapping) and category, as the accounting system carries it.',
      fr: "La valeur de l'inventaire à la date par genre, compte d'inventaire (l'association de la configuration comptable) et catégorie, telle que la comptabilité la porte.",
    },
    params: ['asOf'],
    permissions: ['inventory'],
    feature: 'allowAccounting',
    columns: [
      { key: 'kind', label: { en: 'Kind', fr: 'Genre' }, type: 'text' },
      { key: 'account', label: { en: 'Inventory account', fr: "Compte d'inventaire" }, type: 'text' },
      { key: 'category', label: { en: 'Category', fr: 'Catégorie' }, type: 'text' },
      { key: 'records', label: { en: 'Records on hand', fr: 'Fiches en stock' }, type: 'integer', total: true },
      { key: 'laa', label: { en: 'LAA', fr: 'LAA' }, type: 'laa', unit: 'LAA', total: true },
      { key: 'value', label: { en: 'Value', fr: 'Valeur' }, type: 'money', values: true, total: true },
    ],
  },
];

type Texts = { title: Text; shortName: Text; description: Text };

/** A period summary of one alcohol type from the excise ledger (spirits, wines, non-excise). */
function alcoholSummary(name: string, t: Texts & { name: Text; params: ReportParam[]; feature?: string }): ReportMeta {
  const pair = (key: string, en: string, fr: string): ReportColumn[] => [
    { key, label: { en, fr }, type: 'quantity', unit: 'L', total: true },
    { key: `${key}Laa`, label: { en: `${en} LAA`, fr: `${fr} LAA` }, type: 'laa', unit: 'LAA', total: true },
  ];
  return {
    name,
    group: 'inventory',
    title: t.title,
    shortName: t.shortName,
    description: t.description,
    params: t.params,
    permissions: ['inventory', 'production'],
    ...(t.feature ? { feature: t.feature } : {}),
    landscape: true,
    columns: [
      { key: 'name', label: t.name, type: 'text' },
      ...pair('opening', 'Opening', 'Ouverture'),
      ...pair('additions', 'Additions', 'Ajouts'),
      ...pair('reductions', 'Reductions', 'Réductions'),
      ...pair('adjustments', 'Transfers and adjustments', 'Transferts et ajustements'),
      ...pair('closing', 'Closing', 'Clôture'),
    ],
  };
}

/** A physical count sheet of items or products (book quantity at the day, a blank count). */
function stockWorksheet(name: string, t: Texts & { name: Text }): ReportMeta {
  return {
    name,
    group: 'inventory',
    title: t.title,
    shortName: t.shortName,
    description: t.description,
    params: ['asOf', 'siteId'],
    permissions: ['inventory', 'production'],
    worksheet: true,
    columns: [
      { key: 'name', label: t.name, type: 'text' },
      { key: 'sku', label: { en: 'SKU', fr: 'UGS' }, type: 'text' },
      { key: 'site', label: { en: 'Site', fr: 'Site' }, type: 'text' },
      { key: 'lot', label: { en: 'Lot', fr: 'Lot' }, type: 'lot' },
      { key: 'status', label: { en: 'Status', fr: 'Statut' }, type: 'text' },
      { key: 'units', label: { en: 'Units', fr: 'Unités' }, type: 'text' },
      { key: 'book', label: { en: 'Book quantity', fr: 'Quantité aux livres' }, type: 'quantity', total: true },
      { key: 'counted', label: { en: 'Counted', fr: 'Compté' }, type: 'text' },
    ],
  };
}

/** A gauging sheet of one vessel type (book volume, strength and LAA at the day, blanks to fill). */
function vesselWorksheet(name: string, t: Texts & { vessel: Text }): ReportMeta {
  return {
    name,
    group: 'inventory',
    title: t.title,
    shortName: t.shortName,
    description: t.description,
    params: ['asOf', 'siteId'],
    permissions: ['inventory', 'production'],
    worksheet: true,
    columns: [
      { key: 'vessel', label: t.vessel, type: 'text' },
      { key: 'site', label: { en: 'Site', fr: 'Site' }, type: 'text' },
      { key: 'contents', label: { en: 'Contents', fr: 'Contenu' }, type: 'text' },
      { key: 'lot', label: { en: 'Lot', fr: 'Lot' }, type: 'lot' },
      {
        key: 'volume',
        label: { en: 'Book volume', fr: 'Volume aux livres' },
        type: 'quantity',
        unit: 'L',
        total: true,
      },
      { key: 'strength', label: { en: 'Book strength', fr: 'Titre aux livres' }, type: 'percent', unit: '%' },
      { key: 'laa', label: { en: 'Book LAA', fr: 'LAA aux livres' }, type: 'laa', unit: 'LAA', total: true },
      { key: 'countedVolume', label: { en: 'Counted volume', fr: 'Volume compté' }, type: 'text', unit: 'L' },
      { key: 'countedStrength', label: { en: 'Counted strength', fr: 'Titre mesuré' }, type: 'text', unit: '%' },
    ],
  };
}
