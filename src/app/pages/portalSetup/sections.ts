// The portal setup's section choice (the server's rule: src/server/domain/portal/sections.ts).
import type { PortalSection, PortalSections } from './api';

/** A section ticked or not. The statement lists the invoices, so it goes with them (the server
 * refuses a statement without invoices): unticking Invoices unticks it, and it waits for them. */
export function withSection(sections: PortalSections, section: PortalSection, on: boolean): PortalSections {
  const next = { ...sections, [section]: on };
  if (!next.invoices) next.statement = false;
  return next;
}
