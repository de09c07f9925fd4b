// A supplier as the accounting system's vendor: linked once ('supplier'), found by name or created.
import { and, eq } from 'drizzle-orm';
import { supplierTable } from '../../../../generated/tables';
import type { Db } from '../../../db/connect';
import type { AccountingApp } from '../apps';
import type { ConnectorTokens } from '../connector';
import { linkedOrPushed } from '../calls';

type Supplier = typeof supplierTable.$inferSelect;

export async function supplierOf(db: Db, companyId: string, supplierId: string): Promise<Supplier | null> {
  const [supplier] = await db
    .select()
    .from(supplierTable)
    .where(and(eq(supplierTable.companyId, companyId), eq(supplierTable.id, supplierId)));
  return supplier ?? null;
}

export async function vendorExternalIdOf(
  db: Db,
  companyId: string,
  app: AccountingApp,
  session: { tokens: ConnectorTokens },
  supplier: Supplier,
): Promise<string> {
  const { externalId } = await linkedOrPushed(
    db,
    companyId,
    app,
    session,
    { entityType: 'supplier', entityId: supplier.id },
    (tokens, requestId) =>
      app.connector.pushVendor(
        tokens,
        {
          id: supplier.id,
          name: supplier.name,
          email: supplier.email,
          phone: supplier.phone,
          currency: supplier.currency,
        },
        requestId,
      ),
  );
  return externalId;
}
