// One connectable app on /apps (QuickBooks Online for accounting): its status, last sync, the
// actions a config.write holder may take, and the records that failed with More info.
import { useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Link } from 'react-router-dom';
import {
  Box,
  Button,
  Chip,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link as TextLink,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { shopifyConnectUrl } from '../ecommerceSetup/api';

/** each app's own setup page, once connected (its page and rule: src/app/pages/registry.ts) */
const SETUP_PATHS: Record<string, string> = { shopify: '/ecommercesetup', square: '/pointofsalesetup' };
import { ecommerceText } from '../ecommerceSetup/text';
import { useCurrentCompany, useServices } from '../../services';
import type { Company } from '../../company/companies';
import type { EntityMeta } from '../../../shared/meta';
import { EXCISE_RETURN_SCREEN } from '../../../shared/integrationFailures';
import { canRead } from '../../access';
import { editPathFor } from '../../routing/paths';
import { pathAllowed } from '../../shell/menu';
import { customPages } from '../registry';
import { FORM_PATHS, returnPath, type Form } from '../exciseReturns/paths';
import {
  changeIntegration,
  connectUrl,
  syncIntegration,
  type Integration,
  type IntegrationAction,
  type IntegrationFailure,
} from './integrations';

interface Props {
  integration: Integration;
  canConfigure: boolean;
  onChanged: (next?: Integration) => void;
}

/** The screen a failed record opens, when the person may open it: a generated entity's edit
 * screen, or an excise return's (found by its form, site and period); null otherwise. */
export function failurePath(
  failure: IntegrationFailure,
  entityByName: Record<string, EntityMeta>,
  company: Company | null | undefined,
): string | null {
  const record = failure.record;
  if (!record) return null;
  if (record.entity === EXCISE_RETURN_SCREEN) {
    const form = record.form as Form | null | undefined;
    if (!form || !FORM_PATHS[form] || !record.siteId || !record.periodStart || !record.periodEnd) return null;
    if (!pathAllowed(FORM_PATHS[form], company, customPages)) return null;
    return returnPath({ form, siteId: record.siteId, periodStart: record.periodStart, periodEnd: record.periodEnd });
  }
  const entity = entityByName[record.entity];
  return entity && canRead(entity, company) ? editPathFor(entity, { id: record.id }) : null;
}

const when = (iso: string | null, locale: string) =>
  iso ? new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso)) : null;

export function IntegrationCard({ integration, canConfigure, onChanged }: Props) {
  const translate = useTranslate();
  const notify = useNotify();
  const { authFetch, entityByName } = useServices();
  const company = useCurrentCompany();
  const [busy, setBusy] = useState(false);
  const [detail, setDetail] = useState<IntegrationFailure | null>(null);
  const locale = document.documentElement.lang || 'en';
  const { app, status, provider } = integration;
  // Shopify connects per shop: its domain is typed here, or brought by /ecommerce/connect?shop=
  const perShop = app === 'shopify';
  const [localeName] = useLocaleState();
  const shopText = ecommerceText(localeName);
  // "Bill R-0012": the kind of record and what a person calls it; its id when it has no name
  // (deleted since); a kind this client has no words for yet reads as its key
  const nameOf = (f: IntegrationFailure) => {
    const name = f.label ?? f.entityId;
    return translate(`apps.integration.entity.${f.entityType}`, { _: `${f.entityType} ${name}`, name });
  };
  const named = (f: IntegrationFailure) => {
    const path = failurePath(f, entityByName, company);
    return path ? (
      <TextLink component={Link} to={path}>
        {nameOf(f)}
      </TextLink>
    ) : (
      nameOf(f)
    );
  };
  const [shop, setShop] = useState(() => new URLSearchParams(window.location.search).get('shop') ?? '');

  const run = async (work: () => Promise<void>) => {
    setBusy(true);
    try {
      await work();
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const connect = () =>
    run(async () => {
      // the browser leaves for the provider's consent page; the callback brings it back here
      window.location.assign(
        perShop ? await shopifyConnectUrl(authFetch, shop.trim().toLowerCase()) : await connectUrl(authFetch, app),
      );
    });
  const change = (action: IntegrationAction) =>
    run(async () => onChanged(await changeIntegration(authFetch, app, action)));
  const sync = () =>
    run(async () => {
      const queued = await syncIntegration(authFetch, app);
      notify(translate('apps.integration.queued', { smart_count: queued }), { type: 'info' });
      onChanged();
    });
  const lastSync = when(integration.lastSyncAt, locale);

  return (
    <Box data-testid={`integration-${app}`} sx={{ mt: 1 }}>
      <Typography variant="subtitle1" component="h3">
        {provider}
      </Typography>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', my: 1 }}>
        <Chip
          size="small"
          color={status === 'connected' ? 'success' : 'default'}
          label={translate(`apps.integration.status.${status}`)}
          data-testid={`integration-${app}-status`}
        />
      </Stack>
      <Typography variant="body2" color="text.secondary">
        {lastSync
          ? translate('apps.integration.lastSync', { when: lastSync })
          : translate('apps.integration.neverSynced')}
      </Typography>
      {canConfigure && integration.enabled && (
        <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap', mt: 1 }}>
          {status === 'enabled' && perShop && (
            <TextField
              size="small"
              label={shopText.shopDomain}
              placeholder={shopText.shopHelp}
              value={shop}
              onChange={(e) => setShop(e.target.value)}
              inputProps={{ maxLength: 100, 'data-testid': `integration-${app}-shop` }}
            />
          )}
          {status === 'enabled' && (
            <Button
              variant="contained"
              size="small"
              disabled={busy || (perShop && !shop.trim())}
              onClick={() => void connect()}
            >
              {translate('apps.integration.connect')}
            </Button>
          )}
          {status === 'connected' && (
            <>
              <Button variant="contained" size="small" disabled={busy} onClick={() => void sync()}>
                {translate('apps.integration.sync')}
              </Button>
              <Button size="small" disabled={busy} onClick={() => void change('Pause')}>
                {translate('apps.integration.pause')}
              </Button>
            </>
          )}
          {status === 'paused' && (
            <Button size="small" disabled={busy} onClick={() => void change('Resume')}>
              {translate('apps.integration.resume')}
            </Button>
          )}
          {status !== 'enabled' && (
            <Button size="small" color="error" disabled={busy} onClick={() => void change('Disconnect')}>
              {translate('apps.integration.disconnect')}
            </Button>
          )}
          {SETUP_PATHS[app] && status !== 'enabled' && (
            <Button component={Link} to={SETUP_PATHS[app]} size="small">
              {translate('apps.integration.setup')}
            </Button>
          )}
        </Stack>
      )}
      {integration.failures.length > 0 && (
        <Box sx={{ mt: 1 }}>
          <Typography variant="subtitle2" component="h4" color="error">
            {translate('apps.integration.failures', { smart_count: integration.failures.length })}
          </Typography>
          <List dense disablePadding>
            {integration.failures.map((f) => (
              <ListItem
                key={`${f.entityType}-${f.entityId}`}
                disableGutters
                secondaryAction={
                  <Button size="small" onClick={() => setDetail(f)}>
                    {translate('apps.integration.moreInfo')}
                  </Button>
                }
              >
                <ListItemText primary={named(f)} secondary={when(f.at, locale)} />
              </ListItem>
            ))}
          </List>
        </Box>
      )}
      <Dialog open={detail !== null} onClose={() => setDetail(null)} aria-labelledby="integration-failure-title">
        <DialogTitle id="integration-failure-title">{translate('apps.integration.failureTitle')}</DialogTitle>
        <DialogContent>
          {detail && (
            <>
              <Typography gutterBottom>{named(detail)}</Typography>
              <Typography data-testid="integration-failure-error">{detail.error}</Typography>
              <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                {translate('apps.integration.attempts', { smart_count: detail.attempts })}
              </Typography>
            </>
          )}
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setDetail(null)}>{translate('apps.integration.close')}</Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
