// The company's invitations waiting for an answer (issue 10, point 7): Settings > Users and
// /useredit list them; an administrator (config.write) cancels one, and its link stops working.
import { useCallback, useEffect, useState } from 'react';
import { useLocaleState, useNotify, useTranslate } from 'react-admin';
import { Box, Button, Table, TableBody, TableCell, TableHead, TableRow, Typography } from '@mui/material';
import { describeApiError } from '../../data/errors';
import { useGraphQL } from './api';

export interface CompanyInvitation {
  id: string;
  email: string;
  permissions: string[];
  expiresAt: string;
}

export const INVITATIONS_QUERY = 'query CompanyInvitations { companyInvitations { id email permissions expiresAt } }';
export const INVITE = `mutation CompanyMemberInvite($email: String!, $permissions: [String!]!) {
  companyMemberInvite(email: $email, permissions: $permissions) { id email permissions expiresAt }
}`;
const CANCEL = 'mutation CompanyInvitationCancel($id: ID!) { companyInvitationCancel(id: $id) { id error } }';

/** The pending invitations, read again whenever `version` changes (after an invitation is sent). */
export function PendingInvitations({ canCancel, version = 0 }: { canCancel: boolean; version?: number }) {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [locale] = useLocaleState();
  const [invitations, setInvitations] = useState<CompanyInvitation[]>([]);
  const [busy, setBusy] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    gql<{ companyInvitations: CompanyInvitation[] }>(INVITATIONS_QUERY).then(
      (data) => live && setInvitations(data.companyInvitations),
      () => undefined, // the error banner has said why
    );
    return () => {
      live = false;
    };
  }, [gql, version]);

  const cancel = useCallback(
    async (invitation: CompanyInvitation) => {
      setBusy(invitation.id);
      try {
        await gql(CANCEL, { id: invitation.id });
        setInvitations((list) => list.filter((x) => x.id !== invitation.id));
        notify('app.pages.useredit.invitation_cancelled', { type: 'success' });
      } catch (e) {
        notify(describeApiError(e).message, { type: 'error' });
      } finally {
        setBusy(null);
      }
    },
    [gql, notify],
  );

  if (!invitations.length) return null;
  const date = new Intl.DateTimeFormat(locale === 'fr' ? 'fr-CA' : 'en-CA', { dateStyle: 'medium' });
  return (
    <Box component="section" aria-labelledby="pending-invitations" sx={{ mt: 2 }}>
      <Typography variant="h6" component="h2" id="pending-invitations" gutterBottom>
        {translate('app.pages.useredit.invitations_title')}
      </Typography>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('app.pages.useredit.email')}</TableCell>
            <TableCell>{translate('app.pages.useredit.permissions')}</TableCell>
            <TableCell>{translate('app.pages.useredit.invitation_expires')}</TableCell>
            {canCancel ? <TableCell /> : null}
          </TableRow>
        </TableHead>
        <TableBody>
          {invitations.map((invitation) => (
            <TableRow key={invitation.id} data-invitation={invitation.email}>
              <TableCell>{invitation.email}</TableCell>
              <TableCell>{invitation.permissions.join(', ')}</TableCell>
              <TableCell>{date.format(new Date(invitation.expiresAt))}</TableCell>
              {canCancel ? (
                <TableCell align="right">
                  <Button
                    color="error"
                    size="small"
                    disabled={busy === invitation.id}
                    onClick={() => void cancel(invitation)}
                    aria-label={translate('app.pages.useredit.invitation_cancel_label', { email: invitation.email })}
                  >
                    {translate('app.pages.useredit.invitation_cancel')}
                  </Button>
                </TableCell>
              ) : null}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Box>
  );
}
