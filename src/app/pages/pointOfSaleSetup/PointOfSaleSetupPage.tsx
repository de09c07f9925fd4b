// /pointofsalesetup: Square's setup (issue 18). The retail site whose duty-paid stock the
// tasting room sells, the Square location that is the tasting room (asked of Square when the
// page opens, connected accounts only) and the customer the daily invoices are made to.
import { useEffect, useState } from 'react';
import { Loading, Title, useLocaleState, useNotify } from 'react-admin';
import { CustomerPicker } from '../../widgets/CustomerPicker';
import { Alert, Button, Card, CardActions, CardContent, MenuItem, Stack, TextField, Typography } from '@mui/material';
import { describeApiError } from '../../data/errors';
import { SITES_QUERY, useGraphQL } from '../settings/api';
import { LOCATIONS_QUERY, SAVE, SETUP_QUERY, type PointOfSaleSetup } from './api';
import { pointOfSaleText } from './text';

interface Named {
  id: string;
  name: string;
}
type Edges = { edges: { node: Named }[] };

function Choice(props: { label: string; value: string | null; options: Named[]; onChange: (id: string) => void }) {
  return (
    <TextField
      select
      required
      label={props.label}
      value={props.value ?? ''}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ maxWidth: 400 }}
    >
      {props.options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}

export function PointOfSaleSetupPage() {
  const call = useGraphQL('pointOfSale');
  const main = useGraphQL();
  const notify = useNotify();
  const [locale] = useLocaleState();
  const t = pointOfSaleText(locale);
  const [setup, setSetup] = useState<PointOfSaleSetup | null>(null);
  const [sites, setSites] = useState<Named[]>([]);
  const [locations, setLocations] = useState<Named[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let live = true;
    Promise.all([call<{ pointOfSaleSetup: PointOfSaleSetup }>(SETUP_QUERY), main<{ sites2: Edges }>(SITES_QUERY)]).then(
      ([d, s]) => {
        if (!live) return;
        setSetup(d.pointOfSaleSetup);
        setSites(s.sites2.edges.map((e) => e.node));
      },
      (e: unknown) => live && setError(describeApiError(e).message),
    );
    // not connected (or Square unreachable): the location waits for the connection
    call<{ squareLocations: Named[] }>(LOCATIONS_QUERY).then(
      (d) => live && setLocations(d.squareLocations),
      () => live && setLocations(null),
    );
    return () => {
      live = false;
    };
  }, [call, main]);

  if (error) return <Alert severity="error">{error}</Alert>;
  if (!setup) return <Loading />;

  const ready = !!setup.siteId && !!setup.locationId && !!setup.customerId;
  const save = async () => {
    setBusy(true);
    try {
      const d = await call<{ pointOfSaleSetupSave: PointOfSaleSetup }>(SAVE, {
        siteId: setup.siteId,
        locationId: setup.locationId,
        customerId: setup.customerId,
      });
      setSetup(d.pointOfSaleSetupSave);
      notify(t.saved, { type: 'info' });
    } catch (e) {
      notify(describeApiError(e).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card sx={{ mt: 2 }} data-testid="point-of-sale-setup">
      <Title title={t.title} />
      <CardContent>
        <Stack spacing={2}>
          <Typography variant="body2" color="text.secondary">
            {t.intro}
          </Typography>
          <Choice
            label={t.site}
            value={setup.siteId}
            options={sites}
            onChange={(siteId) => setSetup({ ...setup, siteId })}
          />
          {locations === null ? (
            <Alert severity="info">{t.notConnected}</Alert>
          ) : (
            <Choice
              label={t.location}
              value={setup.locationId}
              options={locations}
              onChange={(locationId) => setSetup({ ...setup, locationId })}
            />
          )}
          <CustomerPicker
            label={t.customer}
            value={setup.customerId}
            required
            onChange={(customerId) => setSetup({ ...setup, customerId })}
          />
          {setup.pulledThrough && (
            <Typography variant="body2" color="text.secondary">
              {t.pulledThrough.replace('%{day}', setup.pulledThrough)}
            </Typography>
          )}
        </Stack>
      </CardContent>
      <CardActions>
        <Button variant="contained" disabled={busy || !ready} onClick={() => void save()}>
          {t.save}
        </Button>
      </CardActions>
    </Card>
  );
}
