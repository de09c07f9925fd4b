// What the transactions lists add to the generated screens of the vessels and alcohol records
// (through src/app/pages/extensions.ts): a 'Transactions' button on the edit screen and a
// transactions link on each list row, both opening `<edit path>/transactions` (spec 2.3).
// Small enough to need no chunk of their own.
import { useNavigate, Link as RouterLink } from 'react-router-dom';
import { Button, useTranslate } from 'react-admin';
import { IconButton, Tooltip } from '@mui/material';
import ReceiptLongIcon from '@mui/icons-material/ReceiptLong';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';
import { TRANSACTIONS_OWNERS, transactionsPathFor } from './owners';
import './register';

function pathOf({ entity, record }: ExtensionProps): string | null {
  return record?.id !== undefined && record?.id !== null ? transactionsPathFor(entity.name, String(record.id)) : null;
}

/** The edit screen's 'Transactions' button. */
export function TransactionsButton(props: ExtensionProps) {
  const path = pathOf(props);
  if (!path) return null;
  return (
    <Button component={RouterLink} to={path} label="transactions.button">
      <ReceiptLongIcon />
    </Button>
  );
}

/** A list row's transactions link (the row itself opens the record). */
export function TransactionsRowLink(props: ExtensionProps) {
  const translate = useTranslate();
  const navigate = useNavigate();
  const path = pathOf(props);
  if (!path) return null;
  const label = translate('transactions.button');
  return (
    <Tooltip title={label}>
      <IconButton
        size="small"
        aria-label={label}
        href={path}
        onClick={(e) => {
          e.preventDefault();
          e.stopPropagation();
          navigate(path);
        }}
      >
        <ReceiptLongIcon fontSize="small" />
      </IconButton>
    </Tooltip>
  );
}

const extension: EntityExtension = { editActions: TransactionsButton, rowActions: TransactionsRowLink };

export const transactionsExtensions: ExtensionContribution[] = TRANSACTIONS_OWNERS.map(
  (owner) => [owner.kind, extension] as const,
);
