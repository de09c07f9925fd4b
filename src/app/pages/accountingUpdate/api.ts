// The accounting update dialog's one call (schema/graphql/accountingUpdate.graphql).
export const ACCOUNTING_LINKED = `query AccountingLinked($entityType: String!, $id: ID!) {
  accountingLinked(entityType: $entityType, id: $id)
}`;
