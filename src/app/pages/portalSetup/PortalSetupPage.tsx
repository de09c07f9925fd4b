// /portalsetup: the customer portal's setup (issue 18). Staff open or close the portal, tick the
// sections customers see and the products they see and order (portalSetSettings, one save for
// all three), invite a customer's
// person by e-mail (portalInviteCustomerUser; they use the portal once they accept the mailed
// link) and remove portal users (portalRemoveUser, effective at the person's next request).
// While the company's customerPortal add-on is off the screen says so and leads to /apps, where
// it is turned on: the portal opens to nobody and invitations are refused meanwhile.
import { useCallback, useEffect, useState } from 'react';
import { Loading, Title, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  Stack,
  Switch,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { describeApiError } from '../../data/errors';
import { isEmailOrBlank } from '../../../shared/validation';
import { useGraphQL } from '../settings/api';
import { useCurrentCompany } from '../../services';
import { PORTAL_ADD_ON, portalAddOnOn } from './addOn';
import {
  CUSTOMER_CHOICES,
  INVITE,
  MAX_PRODUCT_PAGES,
  PORTAL_SECTIONS,
  PRODUCTS_PAGE,
  REMOVE,
  SETTINGS_QUERY,
  SET_SETTINGS,
  type PortalSection,
  type PortalSections,
  type PortalSettings,
  type PortalUser,
  type ProductChoice,
  type ProductsPage,
  type SetupData,
} from './api';
import { withSection } from './sections';
import './register';

const T = 'app.pages.portalSetup';

function SectionsChoice({
  sections,
  onChange,
}: {
  sections: PortalSections;
  onChange: (section: PortalSection, on: boolean) => void;
}) {
  const translate = useTranslate();
  return (
    <>
      <Typography variant="h6" component="h2" id="portal-sections" sx={{ mt: 2 }}>
        {translate(`${T}.sections_title`)}
      </Typography>
      <Typography color="text.secondary" gutterBottom id="portal-sections-hint">
        {translate(`${T}.sections_hint`)}
      </Typography>
      <FormGroup role="group" aria-labelledby="portal-sections" aria-describedby="portal-sections-hint">
        {PORTAL_SECTIONS.map((section) => (
          <FormControlLabel
            key={section}
            control={
              <Checkbox
                checked={sections[section]}
                onChange={(e) => onChange(section, e.target.checked)}
                disabled={section === 'statement' && !sections.invoices}
              />
            }
            label={translate(`${T}.sections.${section}`)}
          />
        ))}
      </FormGroup>
    </>
  );
}

function SettingsCard({ initial, products }: { initial: PortalSettings; products: ProductChoice[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [saved, setSaved] = useState(initial);
  const [enabled, setEnabled] = useState(initial.enabled);
  const [chosen, setChosen] = useState(new Set(initial.productIds));
  const [sections, setSections] = useState(initial.sections);
  const [busy, setBusy] = useState(false);
  const dirty =
    enabled !== saved.enabled ||
    PORTAL_SECTIONS.some((s) => sections[s] !== saved.sections[s]) ||
    chosen.size !== saved.productIds.length ||
    saved.productIds.some((id) => !chosen.has(id));

  const toggle = (id: string, on: boolean) =>
    setChosen((set) => {
      const next = new Set(set);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const save = async () => {
    setBusy(true);
    try {
      const data = await gql<{ portalSetSettings: PortalSettings }>(SET_SETTINGS, {
        input: { enabled, productIds: [...chosen], sections },
      });
      setSaved(data.portalSetSettings);
      notify(`${T}.saved`, { type: 'success' });
    } catch (e) {
      notify(describeApiError(e).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="portal-products portal-sections">
      <CardContent>
        <FormControlLabel
          control={<Switch checked={enabled} onChange={(e) => setEnabled(e.target.checked)} />}
          label={translate(`${T}.enabled`)}
        />
        <SectionsChoice sections={sections} onChange={(s, on) => setSections((all) => withSection(all, s, on))} />
        <Typography variant="h6" component="h2" id="portal-products" sx={{ mt: 2 }}>
          {translate(`${T}.products_title`)}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {translate(`${T}.products_hint`)}
        </Typography>
        <FormGroup aria-labelledby="portal-products">
          {products.map((p) => (
            <FormControlLabel
              key={p.id}
              control={<Checkbox checked={chosen.has(p.id)} onChange={(e) => toggle(p.id, e.target.checked)} />}
              label={`${p.name}${p.sku ? ` (${p.sku})` : ''}${p.active ? '' : ` — ${translate(`${T}.inactive`)}`}`}
            />
          ))}
        </FormGroup>
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={save} disabled={!dirty || busy}>
          {translate(`${T}.save`)}
        </Button>
      </CardActions>
    </Card>
  );
}

function UsersCard({ users, onRemoved }: { users: PortalUser[]; onRemoved: (id: string) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [busy, setBusy] = useState<string | null>(null);
  const remove = async (user: PortalUser) => {
    setBusy(user.id);
    try {
      const data = await gql<{ portalRemoveUser: { error: string | null } }>(REMOVE, { id: user.id });
      if (data.portalRemoveUser.error) notify(data.portalRemoveUser.error, { type: 'error' });
      else {
        onRemoved(user.id);
        notify(`${T}.removed`, { type: 'success' });
      }
    } catch (e) {
      notify(describeApiError(e).message, { type: 'error' });
    } finally {
      setBusy(null);
    }
  };
  return (
    <Card component="section" aria-labelledby="portal-users">
      <CardContent>
        <Typography variant="h6" component="h2" id="portal-users" gutterBottom>
          {translate(`${T}.users_title`)}
        </Typography>
        {users.length === 0 ? (
          <Typography color="text.secondary">{translate(`${T}.no_users`)}</Typography>
        ) : (
          <Table size="small" aria-labelledby="portal-users">
            <TableHead>
              <TableRow>
                <TableCell>{translate(`${T}.customer`)}</TableCell>
                <TableCell>{translate(`${T}.email`)}</TableCell>
                <TableCell>{translate(`${T}.status`)}</TableCell>
                <TableCell>{translate(`${T}.expires`)}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {users.map((u) => (
                <TableRow key={u.id} data-portal-user={u.email}>
                  <TableCell>{u.customerName}</TableCell>
                  <TableCell>{u.email}</TableCell>
                  <TableCell>{translate(`${T}.statuses.${u.status}`)}</TableCell>
                  <TableCell>{u.expiresAt ? new Date(u.expiresAt).toLocaleString() : ''}</TableCell>
                  <TableCell align="right">
                    <Button
                      color="error"
                      onClick={() => remove(u)}
                      disabled={busy === u.id}
                      aria-label={translate(`${T}.remove_label`, { email: u.email })}
                    >
                      {translate(`${T}.remove`)}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </CardContent>
    </Card>
  );
}

function InviteCard({ onInvited, addOnOn }: { onInvited: (user: PortalUser) => void; addOnOn: boolean }) {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [search, setSearch] = useState('');
  const [choices, setChoices] = useState<{ id: string; name: string }[]>([]);
  const [customer, setCustomer] = useState<{ id: string; name: string } | null>(null);
  const [email, setEmail] = useState('');
  const [errors, setErrors] = useState<{ customer?: string; email?: string }>({});
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    // a short pause while typing: one request per word, not per key
    const timer = setTimeout(() => {
      gql<{ portalCustomerChoices: { id: string; name: string }[] }>(CUSTOMER_CHOICES, { search }).then(
        (data) => live && setChoices(data.portalCustomerChoices),
        () => live && setChoices([]),
      );
    }, 250);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [gql, search]);

  const invite = async () => {
    const trimmed = email.trim();
    const problems: typeof errors = {};
    if (!customer) problems.customer = 'app.validation.required';
    if (!trimmed) problems.email = 'app.validation.required';
    else if (!isEmailOrBlank(trimmed)) problems.email = 'app.validation.email';
    setErrors(problems);
    if (Object.keys(problems).length) return;
    setBusy(true);
    try {
      const data = await gql<{ portalInviteCustomerUser: PortalUser }>(INVITE, {
        customerId: customer!.id,
        email: trimmed,
      });
      onInvited(data.portalInviteCustomerUser);
      setEmail('');
      notify(`${T}.invited`, { type: 'success', messageArgs: { email: trimmed } });
    } catch (e) {
      const described = describeApiError(e);
      const fields = described.body.errors;
      setErrors({ email: fields?.email, customer: fields?.customerId });
      notify(described.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const shown = (key?: string) => (key ? translate(key, { _: key }) : ' ');

  return (
    <Card component="section" aria-labelledby="portal-invite">
      <CardContent>
        <Typography variant="h6" component="h2" id="portal-invite" gutterBottom>
          {translate(`${T}.invite_title`)}
        </Typography>
        <Stack spacing={1} sx={{ maxWidth: 480 }}>
          <Autocomplete
            options={choices}
            value={customer}
            onChange={(_e, value) => setCustomer(value)}
            inputValue={search}
            onInputChange={(_e, value) => setSearch(value)}
            getOptionLabel={(o) => o.name}
            isOptionEqualToValue={(a, b) => a.id === b.id}
            filterOptions={(o) => o}
            renderInput={(params) => (
              <TextField
                {...params}
                label={translate(`${T}.customer`)}
                required
                error={!!errors.customer}
                helperText={shown(errors.customer)}
              />
            )}
          />
          <TextField
            label={translate(`${T}.email`)}
            value={email}
            onChange={(e) => setEmail(e.target.value)}
            type="email"
            required
            error={!!errors.email}
            helperText={shown(errors.email)}
          />
        </Stack>
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={invite} disabled={busy || !addOnOn}>
          {translate(`${T}.invite`)}
        </Button>
      </CardActions>
    </Card>
  );
}

/** The add-on is the company's (spec 1): without it the portal opens to nobody. */
function AddOnOff() {
  const translate = useTranslate();
  return (
    <Alert
      severity="warning"
      data-add-on={PORTAL_ADD_ON}
      action={
        <Button component={Link} to="/apps" color="inherit" size="small">
          {translate(`${T}.open_apps`)}
        </Button>
      }
    >
      {translate(`${T}.add_on_off`)}
    </Alert>
  );
}

export function PortalSetupPage() {
  const translate = useTranslate();
  const gql = useGraphQL();
  const addOnOn = portalAddOnOn(useCurrentCompany());
  const [data, setData] = useState<SetupData | null>(null);
  const [products, setProducts] = useState<ProductChoice[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const load = async () => {
      const settings = await gql<SetupData>(SETTINGS_QUERY);
      const all: ProductChoice[] = [];
      let after: string | null = null;
      for (let page = 0; page < MAX_PRODUCT_PAGES; page++) {
        const { products2 }: ProductsPage = await gql<ProductsPage>(PRODUCTS_PAGE, { after });
        all.push(...products2.edges.map((e) => e.node));
        if (!products2.pageInfo.hasNextPage) break;
        after = products2.pageInfo.endCursor;
      }
      if (!live) return;
      setProducts(all);
      setData(settings);
    };
    load().catch((e: unknown) => live && setError(describeApiError(e).message));
    return () => {
      live = false;
    };
  }, [gql]);

  const invited = useCallback(
    (user: PortalUser) =>
      setData((d) => d && { ...d, portalUsers: [...d.portalUsers.filter((u) => u.id !== user.id), user] }),
    [],
  );
  const removed = useCallback(
    (id: string) => setData((d) => d && { ...d, portalUsers: d.portalUsers.filter((u) => u.id !== id) }),
    [],
  );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title={`${T}.title`} />
      <Typography gutterBottom>{translate(`${T}.intro`)}</Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {translate(error, { _: error })}
        </Alert>
      ) : !data ? (
        <Loading />
      ) : (
        <Stack spacing={2}>
          {!addOnOn && <AddOnOff />}
          <SettingsCard initial={data.portalSettings} products={products} />
          <UsersCard users={data.portalUsers} onRemoved={removed} />
          <InviteCard onInvited={invited} addOnOn={addOnOn} />
        </Stack>
      )}
    </Box>
  );
}
