// The customer portal's sections, in its tab order: placing orders (order), Orders, Shipments,
// Invoices, Statement. Staff choose which ones customers see (portal setup); the server guards
// them (src/server/domain/portal/sections.ts); the portal shows their tabs.
export const PORTAL_SECTIONS = ['order', 'orders', 'shipments', 'invoices', 'statement'] as const;
export type PortalSection = (typeof PORTAL_SECTIONS)[number];
export type PortalSections = Record<PortalSection, boolean>;
