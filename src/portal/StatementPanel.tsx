// The customer's statement: a period (the last 90 days by default), then per currency the
// opening balance, each invoice, payment and credit with the running balance, and the closing
// balance, as the server computes them (src/server/domain/portal/statement.ts).
import { useState, type FormEvent } from 'react';
import {
  Box,
  Button,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { Loaded, usePortal, useQuery } from './context';
import { STATEMENT, type Statement } from './queries';
import { defaultStatementPeriod, localDate } from './dates';
import type { Texts } from './i18n';

function StatementTable({ statement, texts }: { statement: Statement; texts: Texts }) {
  const money = (amount: string) => texts.money(amount, statement.currency);
  const title = texts.t('statementIn', {
    currency: statement.currency,
    from: texts.date(statement.from),
    to: texts.date(statement.to),
  });
  return (
    <Box component="section" aria-label={title} sx={{ mb: 3 }}>
      <Typography variant="h6" component="h3" gutterBottom>
        {title}
      </Typography>
      <Table size="small" aria-label={title} data-currency={statement.currency}>
        <TableHead>
          <TableRow>
            <TableCell>{texts.t('date')}</TableCell>
            <TableCell>{texts.t('kind')}</TableCell>
            <TableCell>{texts.t('number')}</TableCell>
            <TableCell align="right">{texts.t('amount')}</TableCell>
            <TableCell align="right">{texts.t('balance')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          <TableRow>
            <TableCell colSpan={4}>
              <strong>{texts.t('openingBalance')}</strong>
            </TableCell>
            <TableCell align="right" data-figure="opening">
              {money(statement.openingBalance)}
            </TableCell>
          </TableRow>
          {statement.lines.map((line, index) => (
            <TableRow key={`${line.kind}-${line.number}-${index}`}>
              <TableCell>{texts.date(line.date)}</TableCell>
              <TableCell>
                {texts.t(line.kind === 'Payment' || line.kind === 'Credit' ? line.kind : 'Invoice')}
              </TableCell>
              <TableCell>{line.number}</TableCell>
              <TableCell align="right">{money(line.amount)}</TableCell>
              <TableCell align="right">{money(line.balance)}</TableCell>
            </TableRow>
          ))}
          <TableRow>
            <TableCell colSpan={4}>
              <strong>{texts.t('closingBalance')}</strong>
            </TableCell>
            <TableCell align="right" data-figure="closing">
              <strong>{money(statement.closingBalance)}</strong>
            </TableCell>
          </TableRow>
        </TableBody>
      </Table>
      <Typography variant="body2" sx={{ mt: 1 }}>
        {texts.t('invoiced')} {money(statement.invoiced)} · {texts.t('paid')} {money(statement.paid)} ·{' '}
        {texts.t('credited')} {money(statement.credited)}
      </Typography>
    </Box>
  );
}

function StatementResult({ from, to }: { from: string; to: string }) {
  const { texts } = usePortal();
  const statement = useQuery<{ portalStatement: Statement[] }>(STATEMENT, { from, to });
  return (
    <Loaded loading={statement}>
      {({ portalStatement }) =>
        portalStatement.length ? (
          portalStatement.map((s) => <StatementTable key={s.currency} statement={s} texts={texts} />)
        ) : (
          <Typography>{texts.t('noStatement')}</Typography>
        )
      }
    </Loaded>
  );
}

export function StatementPanel() {
  const { texts } = usePortal();
  const [initial] = useState(() => defaultStatementPeriod(localDate(new Date())));
  const [draft, setDraft] = useState(initial);
  const [shown, setShown] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setShown({ ...draft });
  };
  return (
    <>
      <Stack component="form" direction="row" spacing={2} sx={{ mb: 2 }} onSubmit={submit} flexWrap="wrap" useFlexGap>
        <TextField
          type="date"
          label={texts.t('from')}
          value={draft.from}
          required
          onChange={(e) => setDraft({ ...draft, from: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
        />
        <TextField
          type="date"
          label={texts.t('to')}
          value={draft.to}
          required
          onChange={(e) => setDraft({ ...draft, to: e.target.value })}
          slotProps={{ inputLabel: { shrink: true } }}
          size="small"
        />
        <Button type="submit" variant="outlined">
          {texts.t('show')}
        </Button>
      </Stack>
      <StatementResult from={shown.from} to={shown.to} />
    </>
  );
}
