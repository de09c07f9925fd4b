// The add-ons of /apps (spec 1), for the browser and the server alike: accounting comes with the
// company's allowAccounting flag (the plan's); the others are listed in Company.addOns and a
// company switches them itself (addOnSet, config.write).
export const ADD_ONS = ['accounting', 'ecommerce', 'pointOfSale', 'customerPortal'] as const;
export type AddOnKey = (typeof ADD_ONS)[number];
export const SWITCHABLE_ADD_ONS: readonly AddOnKey[] = ['ecommerce', 'pointOfSale', 'customerPortal'];
