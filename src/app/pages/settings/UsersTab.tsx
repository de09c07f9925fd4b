// Tab 1: the company's users and the invitations waiting for an answer (cancelled here by an
// administrator); /useredit manages the members (config.write).
import { useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { Loading, useTranslate } from 'react-admin';
import {
  Alert,
  Button,
  Card,
  CardActions,
  CardContent,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { hasPermission } from '../../../shared/permissions';
import { describeApiError } from '../../data/errors';
import { useCurrentCompany } from '../../services';
import { useGraphQL } from './api';
import { PendingInvitations } from './Invitations';

export interface CompanyMember {
  id: string;
  user: { id: string; name: string | null; email: string };
  permissions: string[];
}

export const MEMBERS_QUERY = 'query CompanyMembers { companyMembers { id user { id name email } permissions } }';

export function UsersTab() {
  const translate = useTranslate();
  const gql = useGraphQL();
  const company = useCurrentCompany();
  const [members, setMembers] = useState<CompanyMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const canManage = !!company && hasPermission(company.permissions, 'config.write');

  useEffect(() => {
    let live = true;
    gql<{ companyMembers: CompanyMember[] }>(MEMBERS_QUERY).then(
      (data) => live && setMembers(data.companyMembers),
      (e: unknown) => live && setError(describeApiError(e).message),
    );
    return () => {
      live = false;
    };
  }, [gql]);

  return (
    <Card>
      <CardContent>
        <Typography gutterBottom>{translate('app.pages.settings.users_intro')}</Typography>
        {error ? (
          <Alert severity="error">{translate(error, { _: error })}</Alert>
        ) : !members ? (
          <Loading />
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{translate('app.pages.useredit.name')}</TableCell>
                <TableCell>{translate('app.pages.useredit.email')}</TableCell>
                <TableCell>{translate('app.pages.useredit.permissions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {members.map((m) => (
                <TableRow key={m.id}>
                  <TableCell>{m.user.name}</TableCell>
                  <TableCell>{m.user.email}</TableCell>
                  <TableCell>{m.permissions.join(', ')}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
        <PendingInvitations canCancel={canManage} />
      </CardContent>
      {canManage ? (
        <CardActions>
          <Button component={RouterLink} to="/useredit" variant="contained">
            {translate('app.pages.settings.users_manage')}
          </Button>
        </CardActions>
      ) : null}
    </Card>
  );
}
