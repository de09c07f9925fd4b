// Which customer a person linked to several customers of the company acts for. The choice is
// kept per browser tab (a sessionStorage, per company): two tabs may act for two customers, and
// every request of a tab names its customer (api.ts, the x-portal-customer header).

export interface LinkedCustomer {
  id: string;
  name: string;
}

const keyOf = (companyId: string) => `portal.customer.${companyId}`;

/** The kept choice when it is still one of the person's customers, else the first (by name). */
export function chosenCustomer(companyId: string, customers: LinkedCustomer[], tab: Storage): LinkedCustomer {
  const kept = tab.getItem(keyOf(companyId));
  return customers.find((c) => c.id === kept) ?? customers[0];
}

export function keepChoice(companyId: string, customerId: string, tab: Storage): void {
  tab.setItem(keyOf(companyId), customerId);
}
