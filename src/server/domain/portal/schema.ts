// The portal service's own GraphQL schema (spec 7: one endpoint per service). Small on purpose:
// a portal user reads their customer's documents and orders; nothing here names a customer, the
// endpoint takes it from the person's link (src/server/graphql/portalPlugin.ts). Money is a
// decimal string in the document's currency, as in the main API's customer summary.
export const portalSdl = /* GraphQL */ `
  type PortalCustomer {
    id: ID!
    name: String!
    email: String
    currency: String!
    billingAddress: String
    companyName: String!
  }

  "A customer the signed-in person acts for in this portal."
  type PortalLinkedCustomer {
    id: ID!
    name: String!
  }

  "A product the company shows in its portal; price in the company's home currency (currency)."
  type PortalProduct {
    id: ID!
    sku: String
    name: String!
    description: String
    price: String
    currency: String!
  }

  type PortalLine {
    "what the line sells: the product's, item's or bundle's name"
    product: String
    description: String
    quantity: Float
    unitPrice: String
    amount: String
  }

  type PortalOrder {
    id: ID!
    number: String!
    date: String!
    requiredDate: String
    customerPO: String
    status: String!
    currency: String!
    total: String
    lines: [PortalLine!]!
  }

  type PortalShipment {
    id: ID!
    number: String!
    date: String!
    status: String!
    "the order it ships; null while the company does not show orders here"
    salesOrderNumber: String
    carrier: String
    trackingNumber: String
    lines: [PortalLine!]!
  }

  type PortalInvoice {
    id: ID!
    number: String!
    date: String!
    dueDate: String
    status: String!
    currency: String!
    total: String!
    amountPaid: String!
    balance: String!
    lines: [PortalLine!]!
  }

  type PortalStatementLine {
    date: String!
    "Invoice, Payment (recorded on its invoice, on the invoice's date) or Credit (a return)"
    kind: String!
    number: String!
    "positive: owed more; negative: owed less"
    amount: String!
    "the running balance after this line"
    balance: String!
  }

  type PortalStatement {
    currency: String!
    from: String!
    to: String!
    openingBalance: String!
    invoiced: String!
    paid: String!
    credited: String!
    closingBalance: String!
    lines: [PortalStatementLine!]!
  }

  input PortalOrderLineInput {
    productId: ID!
    quantity: Float!
  }

  input PortalOrderInput {
    lines: [PortalOrderLineInput!]!
    customerPO: String
    "yyyy-MM-dd"
    requiredDate: String
    notes: String
  }

  type PortalPlacedOrder {
    id: ID!
    number: String!
  }

  "A section of the portal, in the portal's tab order: order is placing an order (portalProducts, portalPlaceOrder)."
  enum PortalSection {
    order
    orders
    shipments
    invoices
    statement
  }

  type Query {
    "the customers the person is linked to here, by name; with several, each request names one in the x-portal-customer header"
    portalCustomers: [PortalLinkedCustomer!]!
    portalCustomer: PortalCustomer!
    "the sections the company shows its customers here; a hidden one's operations answer FORBIDDEN"
    portalSections: [PortalSection!]!
    portalProducts: [PortalProduct!]!
    "the customer's sales orders, most recent first (at most 200)"
    portalOrders: [PortalOrder!]!
    "shipments sent or delivered, most recent first (at most 200)"
    portalShipments: [PortalShipment!]!
    "invoices sent (not draft or void), most recent first (at most 200)"
    portalInvoices: [PortalInvoice!]!
    "one statement per currency; from and to are yyyy-MM-dd, at most 400 days apart"
    portalStatement(from: String!, to: String!): [PortalStatement!]!
  }

  type Mutation {
    "a sales order of the customer from visible products at their price; at most 100 lines"
    portalPlaceOrder(input: PortalOrderInput!): PortalPlacedOrder!
    "accepts the invitation mailed to the signed-in person's address; answers the customer's id"
    portalAcceptInvitation(token: String!): ID!
  }
`;
