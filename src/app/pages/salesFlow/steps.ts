// The next steps of the sales flow each document's edit screen offers: the mutation that makes
// the next document (schema/graphql/salesFlow.graphql), its argument, the entity it makes and
// the text of its button (messages.ts).
export interface FlowStep {
  /** key of the button's text under salesFlow. */
  key: string;
  mutation: string;
  argument: string;
  /** the entity the mutation creates: its edit screen opens */
  target: string;
}

export const FLOW_STEPS: Record<string, FlowStep[]> = {
  estimate: [{ key: 'toSalesOrder', mutation: 'salesOrderFromEstimate', argument: 'estimateId', target: 'salesOrder' }],
  salesOrder: [
    { key: 'createShipment', mutation: 'shipmentFromSalesOrder', argument: 'salesOrderId', target: 'shipment' },
    { key: 'createInvoice', mutation: 'invoiceFromSalesOrder', argument: 'salesOrderId', target: 'invoice' },
  ],
  shipment: [{ key: 'createInvoice', mutation: 'invoiceFromShipment', argument: 'shipmentId', target: 'invoice' }],
  invoice: [{ key: 'createReturn', mutation: 'salesReturnFromInvoice', argument: 'invoiceId', target: 'salesReturn' }],
};

/** The document of a step: `mutation SalesFlowStep($id: ID!) { shipmentFromSalesOrder(salesOrderId: $id) }`. */
export const stepDocument = (step: FlowStep) =>
  `mutation SalesFlowStep($id: ID!) { ${step.mutation}(${step.argument}: $id) }`;
