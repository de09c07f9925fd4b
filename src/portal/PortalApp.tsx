// The signed-in portal: the customer's and company's names (with the customer chooser when the
// person acts for several), the sections the company shows (of Order, Orders, Shipments,
// Invoices, Statement: chosen on its portal setup screen, the server refusing the others), the
// language switch and Sign out.
import { useState, type ReactNode } from 'react';
import { Alert, AppBar, Box, Button, Container, Tab, Tabs, TextField, Toolbar, Typography } from '@mui/material';
import { usePortal } from './context';
import type { Customer, PortalSection } from './queries';
import type { LinkedCustomer } from './customerChoice';
import type { TextKey } from './i18n';
import { OrderPanel } from './OrderPanel';
import { InvoicesPanel, OrdersPanel, ShipmentsPanel } from './lists';
import { StatementPanel } from './StatementPanel';

const SECTIONS: {
  key: PortalSection;
  tab: TextKey;
  heading: TextKey;
  panel: (shown: PortalSection[]) => ReactNode;
}[] = [
  {
    key: 'order',
    tab: 'tabOrder',
    heading: 'orderHeading',
    panel: (shown) => <OrderPanel ordersShown={shown.includes('orders')} />,
  },
  { key: 'orders', tab: 'tabOrders', heading: 'ordersHeading', panel: () => <OrdersPanel /> },
  { key: 'shipments', tab: 'tabShipments', heading: 'shipmentsHeading', panel: () => <ShipmentsPanel /> },
  { key: 'invoices', tab: 'tabInvoices', heading: 'invoicesHeading', panel: () => <InvoicesPanel /> },
  { key: 'statement', tab: 'tabStatement', heading: 'statementHeading', panel: () => <StatementPanel /> },
];

/** A native select: small in the bundle, and the phone's own picker on a phone. */
function CustomerChooser({
  customer,
  customers,
  onChoose,
  busy,
}: {
  customer: Customer;
  customers: LinkedCustomer[];
  onChoose: (customerId: string) => void;
  busy: boolean;
}) {
  const { texts } = usePortal();
  return (
    <Box sx={{ bgcolor: 'background.paper', borderRadius: 1, p: 1 }}>
      <TextField
        select
        size="small"
        label={texts.t('customerChoice')}
        value={customer.id}
        onChange={(e) => onChoose(e.target.value)}
        disabled={busy}
        slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
        sx={{ minWidth: 220 }}
      >
        {customers.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </TextField>
    </Box>
  );
}

export function PortalHeader({
  title,
  subtitle,
  chooser,
  onLanguage,
  onSignOut,
}: {
  title: string;
  subtitle?: string;
  chooser?: ReactNode;
  onLanguage: () => void;
  onSignOut?: () => void;
}) {
  const { texts } = usePortal();
  return (
    <AppBar position="static" component="header">
      <Toolbar sx={{ gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h6" component="h1">
            {title}
          </Typography>
          {subtitle && <Typography variant="body2">{subtitle}</Typography>}
        </Box>
        {chooser}
        <Button color="inherit" onClick={onLanguage} lang={texts.language === 'fr' ? 'en' : 'fr'}>
          {texts.t('switchTo')}
        </Button>
        {onSignOut && (
          <Button color="inherit" variant="outlined" onClick={onSignOut}>
            {texts.t('signOut')}
          </Button>
        )}
      </Toolbar>
    </AppBar>
  );
}

export function PortalApp({
  customer,
  sections: shown,
  customers,
  notice,
  choosing = false,
  onChoose,
  onLanguage,
  onSignOut,
}: {
  customer: Customer;
  sections: PortalSection[];
  customers: LinkedCustomer[];
  notice?: { severity: 'success' | 'error'; text: string };
  choosing?: boolean;
  onChoose: (customerId: string) => void;
  onLanguage: () => void;
  onSignOut: () => void;
}) {
  const { texts } = usePortal();
  const sections = SECTIONS.filter((s) => shown.includes(s.key));
  // the section is in the address (#orders…): a reload or a bookmark opens it again (the first
  // shown one when the company no longer shows it)
  const [chosen, setChosen] = useState(() => window.location.hash.slice(1));
  const current = sections.find((s) => s.key === chosen) ?? sections[0];
  const open = (key: PortalSection) => {
    setChosen(key);
    window.history.replaceState(null, '', `#${key}`);
  };
  // a notice closed stays closed; a new one (a choice refused) shows
  const [closedNotice, setClosedNotice] = useState<typeof notice>();
  return (
    <>
      <PortalHeader
        title={`${texts.t('portal')} · ${customer.companyName}`}
        subtitle={customers.length > 1 ? undefined : customer.name}
        chooser={
          customers.length > 1 && (
            <CustomerChooser customer={customer} customers={customers} onChoose={onChoose} busy={choosing} />
          )
        }
        onLanguage={onLanguage}
        onSignOut={onSignOut}
      />
      {current && (
        <Box component="nav" aria-label={texts.t('mainNav')} sx={{ borderBottom: 1, borderColor: 'divider' }}>
          <Container>
            <Tabs value={current.key} onChange={(_, value: PortalSection) => open(value)} variant="scrollable">
              {sections.map((s) => (
                <Tab
                  key={s.key}
                  label={texts.t(s.tab)}
                  id={`portal-tab-${s.key}`}
                  aria-controls={`portal-panel-${s.key}`}
                  value={s.key}
                />
              ))}
            </Tabs>
          </Container>
        </Box>
      )}
      <Container component="main" sx={{ py: 3 }}>
        {notice && notice !== closedNotice && (
          <Alert severity={notice.severity} sx={{ mb: 2 }} onClose={() => setClosedNotice(notice)}>
            {notice.text}
          </Alert>
        )}
        {current ? (
          <section role="tabpanel" id={`portal-panel-${current.key}`} aria-labelledby={`portal-tab-${current.key}`}>
            <Typography variant="h5" component="h2" gutterBottom>
              {texts.t(current.heading)}
            </Typography>
            {/* keyed: a section opened again, or as another customer, starts afresh */}
            <Box key={`${customer.id}:${current.key}`}>{current.panel(shown)}</Box>
          </section>
        ) : (
          <Alert severity="info">{texts.t('nothingShown')}</Alert>
        )}
      </Container>
    </>
  );
}
