// Who holds each planning role (issue 17): a role's tasks are the "my tasks" of the members
// holding it (a role nobody holds stays everyone's). One row a role, the company's members to
// choose from; saving a row replaces that role's holders (planningRoleMembersSet, one
// transaction, scheduling.write checked by the server).
import { useEffect, useState } from 'react';
import { useNotify, useTranslate } from 'react-admin';
import {
  Autocomplete,
  Box,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  TextField,
  Typography,
} from '@mui/material';
import { useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { ROLE_HOLDERS, SET_ROLE_MEMBERS, type RoleHolders, type RoleMember } from './api';

const sameMembers = (a: RoleMember[], b: RoleMember[]) =>
  a.length === b.length && a.every((m) => b.some((n) => n.userId === m.userId));

function RoleRow({ role, candidates }: { role: RoleHolders; candidates: RoleMember[] }) {
  const translate = useTranslate();
  const notify = useNotify();
  const { authFetch } = useServices();
  const [saved, setSaved] = useState(role.members);
  const [chosen, setChosen] = useState(role.members);
  const [busy, setBusy] = useState(false);
  const save = async () => {
    setBusy(true);
    try {
      const d = await gqlCall<{ planningRoleMembersSet: RoleHolders }>(authFetch, SET_ROLE_MEMBERS, {
        roleId: role.roleId,
        userIds: chosen.map((m) => m.userId),
      });
      setSaved(d.planningRoleMembersSet.members);
      setChosen(d.planningRoleMembersSet.members);
      notify('planning.holders.saved', { type: 'success', messageArgs: { role: role.roleName } });
    } catch {
      // the error banner shows what the server answered
    } finally {
      setBusy(false);
    }
  };
  return (
    <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', mb: 1.5 }} data-testid={`role-holders-${role.roleId}`}>
      <Autocomplete
        multiple
        sx={{ flex: 1 }}
        options={candidates}
        value={chosen}
        isOptionEqualToValue={(a, b) => a.userId === b.userId}
        getOptionLabel={(m) => m.name}
        onChange={(_e, value) => setChosen(value)}
        renderInput={(params) => <TextField {...params} label={role.roleName} size="small" />}
      />
      <Button variant="outlined" disabled={busy || sameMembers(saved, chosen)} onClick={() => void save()}>
        {translate('planning.holders.save')}
      </Button>
    </Box>
  );
}

export function RoleHoldersDialog({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const [data, setData] = useState<{ roles: RoleHolders[]; candidates: RoleMember[] } | null>(null);
  useEffect(() => {
    gqlCall<{ planningRoleHolders: RoleHolders[]; planningRoleCandidates: RoleMember[] }>(authFetch, ROLE_HOLDERS).then(
      (d) => setData({ roles: d.planningRoleHolders, candidates: d.planningRoleCandidates }),
      () => setData({ roles: [], candidates: [] }),
    );
  }, [authFetch]);
  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth>
      <DialogTitle>{translate('planning.holders.title')}</DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 2 }} data-testid="role-holders-rule">
          {translate('planning.holders.rule')}
        </Typography>
        {data === null ? <Typography>{translate('ra.page.loading')}</Typography> : null}
        {data?.roles.length === 0 ? <Typography>{translate('planning.holders.noRoles')}</Typography> : null}
        {data?.roles.map((role) => (
          <RoleRow key={role.roleId} role={role} candidates={data.candidates} />
        ))}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate('planning.holders.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
