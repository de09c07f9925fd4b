// The sales reports of the catalogue (spec 2.5), in the spec's order. What counts as a sale (the
// runners in src/server/domain/reports/sales/): invoices dated in the range that are issued (not
// Draft, not Void), less the sales returns dated in the range that credit them (Received or
// Credited, as an invoice's balance counts them). Money is in the company's home currency, each
// document (or line) converted at its own exchange rate and rounded once.
import type { ReportColumn, ReportMeta } from '../types';

const SELLING = ['selling'];

// the columns the reports share, so one header reads the same everywhere
const col = {
  customer: { key: 'customer', label: { en: 'Customer', fr: 'Client' }, type: 'text' },
  item: { key: 'item', label: { en: 'Product or item', fr: 'Produit ou article' }, type: 'text' },
  sku: { key: 'sku', label: { en: 'SKU', fr: 'UGS' }, type: 'text' },
  date: { key: 'date', label: { en: 'Date', fr: 'Date' }, type: 'date' },
  document: { key: 'document', label: { en: 'Invoice or return', fr: 'Facture ou retour' }, type: 'text' },
  currency: { key: 'currency', label: { en: 'Currency', fr: 'Devise' }, type: 'text' },
  quantity: { key: 'quantity', label: { en: 'Quantity', fr: 'Quantité' }, type: 'quantity', total: true },
  unitPrice: {
    key: 'unitPrice',
    label: { en: 'Unit price (document currency)', fr: 'Prix unitaire (devise du document)' },
    type: 'money',
    values: true,
  },
  amount: {
    key: 'amount',
    label: { en: 'Amount before tax', fr: 'Montant avant taxes' },
    type: 'money',
    values: true,
    total: true,
  },
  rep: { key: 'rep', label: { en: 'Sales rep', fr: 'Représentant' }, type: 'text' },
  invoices: { key: 'invoices', label: { en: 'Invoices', fr: 'Factures' }, type: 'integer', total: true },
  sales: {
    key: 'sales',
    label: { en: 'Sales (invoice subtotals)', fr: 'Ventes (sous-totaux des factures)' },
    type: 'money',
    values: true,
    total: true,
  },
  rate: { key: 'rate', label: { en: 'Commission', fr: 'Commission' }, type: 'percent', unit: '%' },
  commission: {
    key: 'commission',
    label: { en: 'Commission due', fr: 'Commission due' },
    type: 'money',
    values: true,
    total: true,
  },
} satisfies Record<string, ReportColumn>;

const LINES_NOTE = {
  en: 'Returns show as negative lines. Amounts are before tax, in the home currency.',
  fr: 'Les retours figurent en lignes négatives. Montants avant taxes, en devise de référence.',
};

export const salesReports: ReportMeta[] = [
  {
    name: 'SalesByItem',
    group: 'sales',
    title: { en: 'Sales by product or item', fr: 'Ventes par produit ou article' },
    shortName: { en: 'By item', fr: 'Par article' },
    description: {
      en: 'Quantity sold and amount before tax of each product and item, invoices less returns.',
      fr: 'Quantité vendue et montant avant taxes de chaque produit et article, factures moins retours.',
    },
    params: ['range', 'siteId', 'customerId', 'productId', 'itemId', 'salesRepId'],
    permissions: SELLING,
    columns: [col.item, col.sku, col.quantity, col.amount],
    charts: [
      { key: 'byItem', kind: 'bar', title: { en: 'Sales by item', fr: 'Ventes par article' }, series: ['amount'] },
    ],
  },
  {
    name: 'SalesByCustomer',
    group: 'sales',
    title: { en: 'Sales by customer', fr: 'Ventes par client' },
    shortName: { en: 'By customer', fr: 'Par client' },
    description: {
      en: 'Invoices, sales, returns, taxes and totals of each customer, in the home currency.',
      fr: 'Factures, ventes, retours, taxes et totaux de chaque client, en devise de référence.',
    },
    params: ['range', 'siteId', 'customerId', 'salesRepId'],
    permissions: SELLING,
    columns: [
      col.customer,
      col.invoices,
      col.sales,
      {
        key: 'returns',
        label: { en: 'Returns (credited subtotals)', fr: 'Retours (sous-totaux crédités)' },
        type: 'money',
        values: true,
        total: true,
      },
      {
        key: 'netSales',
        label: { en: 'Net sales before tax', fr: 'Ventes nettes avant taxes' },
        type: 'money',
        values: true,
        total: true,
      },
      { key: 'taxes', label: { en: 'Taxes (net)', fr: 'Taxes (nettes)' }, type: 'money', values: true, total: true },
      {
        key: 'total',
        label: { en: 'Total with taxes and charges (net)', fr: 'Total avec taxes et frais (net)' },
        type: 'money',
        values: true,
        total: true,
      },
    ],
    charts: [
      { key: 'byMonth', kind: 'bar', title: { en: 'Sales by month', fr: 'Ventes par mois' }, series: ['netSales'] },
      {
        key: 'byCustomer',
        kind: 'bar',
        title: { en: 'Sales by customer (top 10)', fr: 'Ventes par client (10 premiers)' },
        series: ['netSales'],
      },
    ],
  },
  {
    name: 'SalesDetailsByItem',
    group: 'sales',
    title: { en: 'Sales details by product or item', fr: 'Détail des ventes par produit ou article' },
    shortName: { en: 'Details by item', fr: 'Détail par article' },
    description: {
      en: `Every invoice and return line, grouped by product or item. ${LINES_NOTE.en}`,
      fr: `Chaque ligne de facture et de retour, groupée par produit ou article. ${LINES_NOTE.fr}`,
    },
    params: ['range', 'siteId', 'customerId', 'productId', 'itemId', 'salesRepId'],
    permissions: SELLING,
    columns: [col.item, col.date, col.document, col.customer, col.quantity, col.currency, col.unitPrice, col.amount],
    landscape: true,
  },
  {
    name: 'SalesDetailsByCustomer',
    group: 'sales',
    title: { en: 'Sales details by customer', fr: 'Détail des ventes par client' },
    shortName: { en: 'Details by customer', fr: 'Détail par client' },
    description: {
      en: `Every invoice and return line, grouped by customer. ${LINES_NOTE.en}`,
      fr: `Chaque ligne de facture et de retour, groupée par client. ${LINES_NOTE.fr}`,
    },
    params: ['range', 'siteId', 'customerId', 'productId', 'itemId', 'salesRepId'],
    permissions: SELLING,
    columns: [col.customer, col.date, col.document, col.item, col.quantity, col.currency, col.unitPrice, col.amount],
    landscape: true,
  },
  {
    name: 'SalesByCustomerItem',
    group: 'sales',
    title: { en: 'Sales by customer and item', fr: 'Ventes par client et article' },
    shortName: { en: 'By customer and item', fr: 'Par client et article' },
    description: {
      en: 'What each customer bought of each product and item: quantity and amount before tax, less returns.',
      fr: 'Ce que chaque client a acheté de chaque produit et article : quantité et montant avant taxes, moins les retours.',
    },
    params: ['range', 'siteId', 'customerId', 'productId', 'itemId', 'salesRepId'],
    permissions: SELLING,
    columns: [col.customer, col.item, col.sku, col.quantity, col.amount],
  },
  {
    name: 'SalesUndelivered',
    group: 'sales',
    title: { en: 'Undelivered sales orders', fr: 'Commandes clients non livrées' },
    shortName: { en: 'Undelivered', fr: 'Non livré' },
    description: {
      en: 'Open sales order lines dated in the range: ordered less shipped, with the value still to deliver, by customer or by postal code.',
      fr: 'Lignes des commandes clients ouvertes datées dans la période : commandé moins expédié, avec la valeur restant à livrer, par client ou par code postal.',
    },
    params: ['range', 'siteId', 'customerId', 'productId', 'itemId', 'salesRepId', 'by'],
    by: [
      { value: 'customer', label: { en: 'By customer', fr: 'Par client' } },
      { value: 'postalCode', label: { en: 'By postal code', fr: 'Par code postal' } },
    ],
    permissions: SELLING,
    columns: [
      { key: 'postalCode', label: { en: 'Postal code', fr: 'Code postal' }, type: 'text' },
      col.customer,
      { key: 'order', label: { en: 'Sales order', fr: 'Commande client' }, type: 'text' },
      { key: 'date', label: { en: 'Order date', fr: 'Date de commande' }, type: 'date' },
      { key: 'requiredDate', label: { en: 'Required date', fr: 'Date requise' }, type: 'date' },
      col.item,
      { key: 'ordered', label: { en: 'Ordered', fr: 'Commandé' }, type: 'quantity', total: true },
      { key: 'shipped', label: { en: 'Shipped', fr: 'Expédié' }, type: 'quantity', total: true },
      { key: 'undelivered', label: { en: 'Undelivered', fr: 'Non livré' }, type: 'quantity', total: true },
      {
        key: 'value',
        label: { en: 'Undelivered value before tax', fr: 'Valeur non livrée avant taxes' },
        type: 'money',
        values: true,
        total: true,
      },
    ],
    landscape: true,
  },
  {
    name: 'SalesRepsSummary',
    group: 'sales',
    title: { en: 'Sales reps summary', fr: 'Sommaire des représentants' },
    shortName: { en: 'Reps summary', fr: 'Sommaire représentants' },
    description: {
      en: "Each sales rep's invoices in the range, their subtotals and the commission due on them.",
      fr: 'Les factures de chaque représentant dans la période, leurs sous-totaux et la commission due.',
    },
    params: ['range', 'siteId', 'salesRepId'],
    permissions: SELLING,
    columns: [col.rep, col.rate, col.invoices, col.sales, col.commission],
    charts: [
      {
        key: 'byRep',
        kind: 'bar',
        title: { en: 'Sales by rep', fr: 'Ventes par représentant' },
        series: ['sales', 'commission'],
      },
    ],
  },
  {
    name: 'SalesRepsDetails',
    group: 'sales',
    title: { en: 'Sales reps details', fr: 'Détail des représentants' },
    shortName: { en: 'Reps details', fr: 'Détail représentants' },
    description: {
      en: "Each sales rep's invoices in the range, one a line, with the commission on each.",
      fr: 'Les factures de chaque représentant dans la période, une par ligne, avec la commission de chacune.',
    },
    params: ['range', 'siteId', 'salesRepId'],
    permissions: SELLING,
    columns: [
      col.rep,
      col.date,
      { key: 'invoice', label: { en: 'Invoice', fr: 'Facture' }, type: 'text' },
      col.customer,
      col.sales,
      col.rate,
      col.commission,
    ],
    landscape: true,
  },
];
