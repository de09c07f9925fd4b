// /ecommercesetup: Shopify's setup (issue 18). The web-store customer (orders whose e-mail
// matches no customer), order import on or off, and which Shopify location shows each site's
// duty-paid stock. The shop's locations are asked of Shopify when the page opens (connected
// shops only); one save for everything (ecommerceSettingsSave).
import { useEffect, useState } from 'react';
import { Loading, Title, useLocaleState, useNotify } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  FormControlLabel,
  MenuItem,
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
import { SITES_QUERY, useGraphQL } from '../settings/api';
import { CustomerPicker } from '../../widgets/CustomerPicker';
import { LOCATIONS_QUERY, SAVE, SETUP_QUERY, type EcommerceSettings } from './api';
import { ecommerceText } from './text';

interface Named {
  id: string;
  name: string;
}
type Edges = { edges: { node: Named }[] };

export function EcommerceSetupPage() {
  const call = useGraphQL('ecommerce');
  const main = useGraphQL();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const t = ecommerceText(locale);
  const [settings, setSettings] = useState<EcommerceSettings | null>(null);
  const [sites, setSites] = useState<Named[]>([]);
  const [locations, setLocations] = useState<Named[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([
      call<{ ecommerceSettings: EcommerceSettings }>(SETUP_QUERY),
      main<{ sites2: Edges }>(SITES_QUERY),
    ]).then(
      ([d, s]) => {
        if (!live) return;
        setSettings(d.ecommerceSettings);
        setSites(s.sites2.edges.map((e) => e.node));
      },
      (e: unknown) => live && setError(describeApiError(e).message),
    );
    // not connected (or Shopify unreachable): the mapping waits, the rest can be saved
    call<{ shopifyLocations: Named[] }>(LOCATIONS_QUERY).then(
      (d) => live && setLocations(d.shopifyLocations),
      () => live && setLocations(null),
    );
    return () => {
      live = false;
    };
  }, [call, main]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!settings) return <Loading />;

  const locationOf = (siteId: string) => settings.siteLocations.find((m) => m.siteId === siteId)?.locationId ?? '';
  const setLocation = (siteId: string, locationId: string) =>
    setSettings({
      ...settings,
      siteLocations: [
        ...settings.siteLocations.filter((m) => m.siteId !== siteId),
        ...(locationId ? [{ siteId, locationId }] : []),
      ],
    });
  const save = async () => {
    setBusy(true);
    try {
      const d = await call<{ ecommerceSettingsSave: EcommerceSettings }>(SAVE, {
        input: {
          webCustomerId: settings.webCustomerId,
          orderSync: settings.orderSync,
          siteLocations: settings.siteLocations,
        },
      });
      setSettings(d.ecommerceSettingsSave);
      notify(t.saved, { type: 'info' });
    } catch (e) {
      notify(describeApiError(e).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }} data-testid="ecommerce-setup">
      <Title title={t.title} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t.intro}
          </Typography>
          <FormControlLabel
            control={
              <Switch
                checked={settings.orderSync}
                onChange={(e) => setSettings({ ...settings, orderSync: e.target.checked })}
              />
            }
            label={t.orderSync}
          />
          <Box sx={{ maxWidth: 400 }}>
            <CustomerPicker
              label={t.webCustomer}
              helperText={t.webCustomerHelp}
              value={settings.webCustomerId}
              onChange={(webCustomerId) => setSettings({ ...settings, webCustomerId })}
            />
          </Box>
          <Typography variant="subtitle1" component="h2">
            {t.sites}
          </Typography>
          {locations === null ? (
            <Alert severity="info">{t.notConnected}</Alert>
          ) : (
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t.site}</TableCell>
                  <TableCell>{t.location}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {sites.map((site) => (
                  <TableRow key={site.id}>
                    <TableCell>{site.name}</TableCell>
                    <TableCell>
                      <TextField
                        select
                        size="small"
                        value={locationOf(site.id)}
                        onChange={(e) => setLocation(site.id, e.target.value)}
                        inputProps={{ 'aria-label': `${t.location}: ${site.name}` }}
                        sx={{ minWidth: 240 }}
                      >
                        <MenuItem value="">{t.notSent}</MenuItem>
                        {locations.map((l) => (
                          <MenuItem key={l.id} value={l.id}>
                            {l.name}
                          </MenuItem>
                        ))}
                      </TextField>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          )}
          {settings.ordersPolledAt && (
            <Typography variant="body2" color="text.secondary">
              {t.lastPoll.replace(
                '%{when}',
                new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(
                  new Date(settings.ordersPolledAt),
                ),
              )}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={busy} onClick={() => void save()}>
          {t.save}
        </Button>
      </CardActions>
    </Card>
  );
}
