// Money shared by the browser and the server: the currency table, exact decimals, document totals.
export * from './currencies';
export * from './decimal';
export * from './documentTotals';
export * from './documents';
export * from './home';
export * from './statedTax';
