import { Title, useTranslate } from 'react-admin';
import { Box, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useCurrentCompany } from '../../services';
import { useAddOnsWithAlerts } from '../../shell/polling';
import { addOnStates } from './addOns';

export function AppsPage() {
  const translate = useTranslate();
  const company = useCurrentCompany();
  const [alerts] = useAddOnsWithAlerts(true);
  if (!company) return null;
  return (
    <Box sx={{ p: 2 }}>
      <Title title="apps.title" />
      <Typography gutterBottom>{translate('apps.intro')}</Typography>
      <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
        {addOnStates(company, alerts ?? []).map((a) => (
          <Card key={a.key} data-testid={`app-${a.key}`}>
            <CardContent>
              <Typography variant="h6" component="h2" gutterBottom>
                {translate(`apps.names.${a.key}`)}
              </Typography>
              <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
                <Chip size="small" label={translate(a.enabled ? 'apps.enabled' : 'apps.disabled')} />
                {a.enabled && a.connected !== null && (
                  <Chip size="small" label={translate(a.connected ? 'apps.connected' : 'apps.notConnected')} />
                )}
                {a.alert && <Chip size="small" color="warning" label={translate('apps.attention')} />}
              </Stack>
            </CardContent>
          </Card>
        ))}
      </Box>
    </Box>
  );
}
