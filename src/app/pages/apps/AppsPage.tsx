import { useCallback, useEffect, useRef, useState } from 'react';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Link, useLocation, useNavigate } from 'react-router-dom';
import { Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { hasAny } from '../../../shared/permissions';
import { useCurrentCompany, useServices } from '../../services';
import { useAddOnsWithAlerts } from '../../shell/polling';
import { addOnStates, SWITCHABLE_ADD_ONS } from './addOns';
import { pathAllowed } from '../../shell/menu';
import { customPages } from '../registry';
import { IntegrationCard } from './IntegrationCard';
import { loadIntegrations, setAddOn, type Integration } from './integrations';
// the accounting setup page's title names the link to it
import '../accountingSetup/register';

const PORTAL_SETUP_PATH = '/portalsetup';
const ACCOUNTING_SETUP_PATH = '/accountingsetup';

/** The word the OAuth callback leaves in the query (?connected=quickbooks, ?failed=shopify&reason=),
 * said once the integrations are read, in the words of the system that answered (QuickBooks
 * Online, Shopify, Square): each app's callback comes back here. */
function useCallbackNotice(integrations: Integration[] | null, onNotice: () => void) {
  const { search, pathname } = useLocation();
  const navigate = useNavigate();
  const notify = useNotify();
  const translate = useTranslate();
  // the page reads its integrations again after the notice, before the query is gone: once only
  const said = useRef('');
  useEffect(() => {
    const params = new URLSearchParams(search);
    const connected = params.get('connected');
    const failed = params.get('failed');
    if ((!connected && !failed) || integrations === null || said.current === search) return;
    said.current = search;
    const app = connected ?? failed;
    const name = integrations.find((i) => i.app === app)?.provider ?? translate('apps.integration.otherSystem');
    if (connected) notify(translate('apps.integration.connectedNotice', { name }), { type: 'success' });
    else
      notify(
        translate(`apps.integration.failedNotice.${params.get('reason') ?? 'exchange'}`, {
          name,
          _: translate('apps.integration.failedNotice.exchange', { name }),
        }),
        { type: 'error' },
      );
    onNotice();
    // said once: a reload does not say it again
    navigate(pathname, { replace: true });
  }, [search, pathname, navigate, notify, translate, onNotice, integrations]);
}

export function AppsPage() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const { authFetch, companies } = useServices();
  const notify = useNotify();
  const [switching, setSwitching] = useState<string | null>(null);
  const [alerts, refreshAlerts] = useAddOnsWithAlerts(true);
  // null until first read: the callback's notice names the system from it
  const [integrations, setIntegrations] = useState<Integration[] | null>(null);

  const reload = useCallback(() => {
    loadIntegrations(authFetch)
      .then(setIntegrations)
      .catch(() => setIntegrations([]));
    refreshAlerts();
  }, [authFetch, refreshAlerts]);
  useEffect(reload, [reload]);
  useCallbackNotice(integrations, reload);

  /** the company's add-ons live on the company record: read it again after the change */
  const switchAddOn = (addOn: string, enabled: boolean) => {
    setSwitching(addOn);
    setAddOn(authFetch, addOn, enabled)
      .then(async () => {
        companies.reset();
        await companies.ensureLoaded();
        reload();
      })
      .catch((error: Error) => notify(translate('apps.turnFailed', { message: error.message }), { type: 'error' }))
      .finally(() => setSwitching(null));
  };

  if (!company) return null;
  const canConfigure = hasAny(company.permissions ?? [], ['config.write']);
  // the setup page's own rule (pages/portalSetup), as its guard applies it
  const canSetUpPortal = pathAllowed(PORTAL_SETUP_PATH, company, customPages);
  const canSetUpAccounting = pathAllowed(ACCOUNTING_SETUP_PATH, company, customPages);
  return (
    <Box sx={{ p: 2 }}>
      <Title title="apps.title" />
      <Typography gutterBottom>{translate('apps.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {addOnStates(company, alerts ?? []).map((a) => {
          const connectable = (integrations ?? []).filter((i) => i.addOn === a.key);
          return (
            <Card key={a.key} data-testid={`app-${a.key}`}>
              <CardContent>
                <Typography variant="h6" component="h2" gutterBottom>
                  {translate(`apps.names.${a.key}`)}
                </Typography>
                <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                  <Chip size="small" label={translate(a.enabled ? 'apps.enabled' : 'apps.disabled')} />
                  {a.enabled && a.connected !== null && connectable.length === 0 && (
                    <Chip size="small" label={translate(a.connected ? 'apps.connected' : 'apps.notConnected')} />
                  )}
                  {a.alert && <Chip size="small" color="warning" label={translate('apps.attention')} />}
                </Stack>
                {a.key === 'accounting' && !a.enabled && (
                  // not switched here: it comes with the plan (allowAccounting), say so
                  <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
                    {translate('apps.accountingByPlan')}
                  </Typography>
                )}
                {a.enabled &&
                  connectable.map((i) => (
                    <IntegrationCard
                      key={i.app}
                      integration={i}
                      canConfigure={canConfigure}
                      onChanged={(next) => {
                        if (next) setIntegrations((all) => (all ?? []).map((x) => (x.app === next.app ? next : x)));
                        reload();
                      }}
                    />
                  ))}
                {canConfigure && SWITCHABLE_ADD_ONS.includes(a.key) && (
                  <Button
                    size="small"
                    sx={{ mt: 1, mr: 1 }}
                    disabled={switching === a.key}
                    onClick={() => switchAddOn(a.key, !a.enabled)}
                  >
                    {translate(a.enabled ? 'apps.turnOff' : 'apps.turnOn')}
                  </Button>
                )}
                {a.key === 'accounting' && a.enabled && canSetUpAccounting && (
                  <Button component={Link} to={ACCOUNTING_SETUP_PATH} size="small" sx={{ mt: 1 }}>
                    {translate('app.pages.accountingSetup.title')}
                  </Button>
                )}
                {a.key === 'customerPortal' && canSetUpPortal && (
                  <Button component={Link} to={PORTAL_SETUP_PATH} size="small" sx={{ mt: 1 }}>
                    {translate('apps.portalSetup')}
                  </Button>
                )}
              </CardContent>
            </Card>
          );
        })}
      </Box>
    </Box>
  );
}
