// /useredit: the company's members (companyMembers), each with permission checkboxes per
// base (read, write) and values, saved with companyMemberSet; removed with
// companyMemberRemove. Someone new is invited by e-mail (companyMemberInvite) and joins when
// they accept the mailed link; the answer reads the same whether or not the address has an
// account, and the invitations waiting for an answer are listed with Cancel.
import { useCallback, useEffect, useState } from 'react';
import { Confirm, Loading, Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardActions,
  CardContent,
  Checkbox,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { describeApiError } from '../../data/errors';
import { isEmailOrBlank } from '../../../shared/validation';
import { useServices } from '../../services';
import { useGraphQL } from '../settings/api';
import { MEMBERS_QUERY, type CompanyMember } from '../settings/UsersTab';
import { INVITE, PendingInvitations, type CompanyInvitation } from '../settings/Invitations';
import { PERMISSION_BASES, holdsValues, levelOf, toggle, withValues } from './permissionGrid';

const SET = `mutation CompanyMemberSet($email: String!, $permissions: [String!]!) {
  companyMemberSet(email: $email, permissions: $permissions) { id user { id name email } permissions }
}`;
const REMOVE = 'mutation CompanyMemberRemove($id: ID!) { companyMemberRemove(id: $id) { id error } }';

function PermissionGrid({
  value,
  onChange,
  idPrefix,
}: {
  value: string[];
  onChange: (next: string[]) => void;
  idPrefix: string;
}) {
  const translate = useTranslate();
  return (
    <Box>
      <Table size="small" aria-label={translate('app.pages.useredit.permissions')}>
        <TableHead>
          <TableRow>
            <TableCell />
            <TableCell align="center">{translate('app.pages.useredit.read')}</TableCell>
            <TableCell align="center">{translate('app.pages.useredit.write')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {PERMISSION_BASES.map((base) => {
            const level = levelOf(value, base);
            const label = translate(`app.pages.useredit.bases.${base}`);
            return (
              <TableRow key={base}>
                <TableCell component="th" scope="row" id={`${idPrefix}-${base}`}>
                  {label}
                </TableCell>
                <TableCell align="center" padding="checkbox">
                  <Checkbox
                    checked={level !== 'none'}
                    onChange={(e) => onChange(toggle(value, base, 'read', e.target.checked))}
                    slotProps={{
                      input: { 'aria-label': `${label} ${translate('app.pages.useredit.read')}` },
                    }}
                  />
                </TableCell>
                <TableCell align="center" padding="checkbox">
                  <Checkbox
                    checked={level === 'write'}
                    onChange={(e) => onChange(toggle(value, base, 'write', e.target.checked))}
                    slotProps={{
                      input: { 'aria-label': `${label} ${translate('app.pages.useredit.write')}` },
                    }}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      <FormControlLabel
        sx={{ mt: 1 }}
        control={
          <Checkbox checked={holdsValues(value)} onChange={(e) => onChange(withValues(value, e.target.checked))} />
        }
        label={translate('app.pages.useredit.values')}
      />
    </Box>
  );
}

function MemberCard({
  member,
  self,
  onSaved,
  onRemoved,
}: {
  member: CompanyMember;
  self: boolean;
  onSaved: (m: CompanyMember) => void;
  onRemoved: (id: string) => void;
}) {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [permissions, setPermissions] = useState(member.permissions);
  const [busy, setBusy] = useState(false);
  const [confirm, setConfirm] = useState(false);
  const dirty = permissions.join('\n') !== member.permissions.join('\n');
  const name = member.user.name || member.user.email;

  const save = async () => {
    setBusy(true);
    try {
      const data = await gql<{ companyMemberSet: CompanyMember }>(SET, { email: member.user.email, permissions });
      onSaved(data.companyMemberSet);
      setPermissions(data.companyMemberSet.permissions);
      notify('app.pages.useredit.saved', { type: 'success' });
    } catch (e) {
      notify(describeApiError(e).message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  const remove = async () => {
    setBusy(true);
    try {
      const data = await gql<{ companyMemberRemove: { id: string; error: string | null } | null }>(REMOVE, {
        id: member.id,
      });
      const error = data.companyMemberRemove?.error;
      if (error) notify(error, { type: 'error' });
      else {
        onRemoved(member.id);
        notify('app.pages.useredit.removed', { type: 'success' });
      }
    } catch (e) {
      notify(describeApiError(e).message, { type: 'error' });
    } finally {
      setBusy(false);
      setConfirm(false);
    }
  };

  return (
    <Card component="section" aria-label={name} data-member={member.user.email}>
      <CardContent>
        <Typography variant="h6" component="h2">
          {name} {self ? translate('app.pages.useredit.you') : null}
        </Typography>
        <Typography color="text.secondary" gutterBottom>
          {member.user.email}
        </Typography>
        <PermissionGrid value={permissions} onChange={setPermissions} idPrefix={`member-${member.id}`} />
      </CardContent>
      <CardActions sx={{ justifyContent: 'space-between' }}>
        <Button variant="contained" onClick={save} disabled={!dirty || busy}>
          {translate('app.pages.useredit.save')}
        </Button>
        <Button color="error" onClick={() => setConfirm(true)} disabled={busy || self}>
          {translate('app.pages.useredit.remove')}
        </Button>
      </CardActions>
      <Confirm
        isOpen={confirm}
        loading={busy}
        title="app.pages.useredit.remove_title"
        titleTranslateOptions={{ name }}
        content="app.pages.useredit.remove_content"
        onConfirm={remove}
        onClose={() => setConfirm(false)}
      />
    </Card>
  );
}

function AddMember({ onInvited }: { onInvited: (invitation: CompanyInvitation) => void }) {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const [email, setEmail] = useState('');
  const [permissions, setPermissions] = useState<string[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const add = async () => {
    const trimmed = email.trim();
    if (!trimmed) return setError('app.validation.required');
    if (!isEmailOrBlank(trimmed)) return setError('app.validation.email');
    setBusy(true);
    setError(null);
    try {
      const data = await gql<{ companyMemberInvite: CompanyInvitation }>(INVITE, { email: trimmed, permissions });
      onInvited(data.companyMemberInvite);
      setEmail('');
      setPermissions([]);
      // the same words for every address: whether it has an account is not ours to tell
      notify('app.pages.useredit.invited', { type: 'success', messageArgs: { email: trimmed } });
    } catch (e) {
      const described = describeApiError(e);
      const fieldError = described.body.errors?.email;
      if (fieldError) setError(fieldError);
      notify(described.message, { type: 'error' });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card component="section" aria-labelledby="useredit-add">
      <CardContent>
        <Typography variant="h6" component="h2" id="useredit-add" gutterBottom>
          {translate('app.pages.useredit.add_title')}
        </Typography>
        <TextField
          label={translate('app.pages.useredit.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={!!error}
          helperText={error ? translate(error, { _: error }) : ' '}
          type="email"
          required
          fullWidth
          sx={{ maxWidth: 480 }}
        />
        <PermissionGrid value={permissions} onChange={setPermissions} idPrefix="new-member" />
      </CardContent>
      <CardActions>
        <Button variant="contained" onClick={add} disabled={busy}>
          {translate('app.pages.useredit.add')}
        </Button>
      </CardActions>
    </Card>
  );
}

export function UserEditPage() {
  const translate = useTranslate();
  const gql = useGraphQL();
  const { session } = useServices();
  const [members, setMembers] = useState<CompanyMember[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [selfId, setSelfId] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void session.getUser().then((u) => live && setSelfId(u?.profile.sub ?? null));
    gql<{ companyMembers: CompanyMember[] }>(MEMBERS_QUERY).then(
      (data) => live && setMembers(data.companyMembers),
      (e: unknown) => live && setError(describeApiError(e).message),
    );
    return () => {
      live = false;
    };
  }, [gql, session]);

  const upsert = useCallback(
    (m: CompanyMember) =>
      setMembers((list) => {
        const rest = (list ?? []).filter((x) => x.id !== m.id);
        return [...rest, m].sort((a, b) => (a.user.name ?? a.user.email).localeCompare(b.user.name ?? b.user.email));
      }),
    [],
  );
  const drop = useCallback((id: string) => setMembers((list) => (list ?? []).filter((x) => x.id !== id)), []);
  // the pending invitations are read again after each one sent
  const [invitations, setInvitations] = useState(0);
  const invited = useCallback(() => setInvitations((n) => n + 1), []);

  return (
    <Box sx={{ p: { xs: 1, sm: 2 } }}>
      <Title title="app.pages.useredit.title" />
      <Typography gutterBottom>{translate('app.pages.useredit.intro')}</Typography>
      {error ? (
        <Alert severity="error" role="alert">
          {translate(error, { _: error })}
        </Alert>
      ) : !members ? (
        <Loading />
      ) : (
        <Stack spacing={2}>
          {members.map((m) => (
            <MemberCard key={m.id} member={m} self={String(m.user.id) === selfId} onSaved={upsert} onRemoved={drop} />
          ))}
          <AddMember onInvited={invited} />
          <PendingInvitations canCancel version={invitations} />
        </Stack>
      )}
    </Box>
  );
}
