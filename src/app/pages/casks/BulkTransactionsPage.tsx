// inventory/bulkcontainers/transactions: the excise transactions of the bulk containers. Each
// container's list is the excise transactions page at /inventory/bulkcontainers/:id/transactions
// (exciseTransactions, filtered by the vessel); this page lists the containers to open one.
import { Link as RouterLink } from 'react-router-dom';
import { Loading, Title, useTranslate } from 'react-admin';
import { Box, Card, CardContent, List, ListItemButton, ListItemText, Typography } from '@mui/material';
import { transactionsPathFor } from '../exciseTransactions/owners';
import { useVesselsOfTypes } from '../vesselActions/api';
import { formatVolume } from '../vesselActions/format';
import './register';

export function BulkTransactionsPage() {
  const translate = useTranslate();
  const containers = useVesselsOfTypes(['BulkContainer']);
  return (
    <Box sx={{ p: 2, maxWidth: 760 }}>
      <Title title="app.casks.bulk_transactions.title" />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {translate('app.casks.bulk_transactions.title')}
          </Typography>
          {containers === null ? (
            <Loading />
          ) : containers.length ? (
            <>
              <Typography variant="body2" color="text.secondary">
                {translate('app.casks.bulk_transactions.choose')}
              </Typography>
              <List>
                {containers.map((c) => (
                  <ListItemButton
                    key={c.vesselId}
                    component={RouterLink}
                    to={transactionsPathFor('bulkContainer', c.vesselId)!}
                  >
                    <ListItemText
                      primary={c.vesselName}
                      secondary={
                        c.contents ? `${c.contents.alcoholName ?? ''} · ${formatVolume(c.contents.volume)}` : null
                      }
                    />
                  </ListItemButton>
                ))}
              </List>
            </>
          ) : (
            <Typography>{translate('app.casks.bulk_transactions.none')}</Typography>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
