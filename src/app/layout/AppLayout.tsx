// The shell for now: app bar with the company name and a user menu (switch distillery when
// there are several, language, sign out), and the left menu. The full shell is a later issue.
import { topBarTools } from './topBarTools';
import { type ReactNode, type ChangeEvent, type Ref } from 'react';
import {
  AppBar,
  Layout,
  TitlePortal,
  UserMenu,
  useLogout,
  useResetStore,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Box, Divider, ListItemIcon, ListItemText, MenuItem, TextField, Typography } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import { AppMenu } from './AppMenu';
import { useCompanyState, useServices } from '../services';
import type { LogoutParams } from '../auth/authProvider';

function CompanySwitcher() {
  const { companies: store } = useServices();
  const { companies, current } = useCompanyState();
  const translate = useTranslate();
  const resetStore = useResetStore();
  if (!companies || companies.length < 2 || !current) return null;

  const onChange = (event: ChangeEvent<HTMLInputElement>) => {
    store.select(event.target.value);
    // lists, filters and caches belong to the previous company: start clean
    resetStore();
    window.location.assign('/dashboard');
  };

  return (
    <Box sx={{ px: 2, py: 1, minWidth: 240 }} onKeyDown={(e) => e.stopPropagation()}>
      <TextField
        select
        fullWidth
        size="small"
        label={translate('app.company.switch')}
        value={current.id}
        onChange={onChange}
        slotProps={{ select: { native: true } }}
      >
        {companies.map((c) => (
          <option key={c.id} value={c.id}>
            {c.name}
          </option>
        ))}
      </TextField>
    </Box>
  );
}

function SignOutMenuItem({ ref }: { ref?: Ref<HTMLLIElement> }) {
  const logout = useLogout();
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const params: LogoutParams = { signOut: true };
  return (
    <MenuItem
      ref={ref}
      onClick={() => {
        userMenu?.onClose();
        void logout(params);
      }}
    >
      <ListItemIcon>
        <LogoutIcon fontSize="small" />
      </ListItemIcon>
      <ListItemText>{translate('app.auth.sign_out')}</ListItemText>
    </MenuItem>
  );
}

function AppUserMenu() {
  const { companies } = useCompanyState();
  return (
    <UserMenu>
      <CompanySwitcher />
      {companies && companies.length > 1 ? <Divider /> : null}
      <SignOutMenuItem />
    </UserMenu>
  );
}

function CompanyName() {
  const { current } = useCompanyState();
  if (!current) return null;
  return (
    <Typography variant="subtitle1" noWrap component="span" sx={{ mr: 2, fontWeight: 600 }} data-testid="company-name">
      {current.name}
    </Typography>
  );
}

function AppAppBar() {
  return (
    <AppBar userMenu={<AppUserMenu />}>
      <CompanyName />
      <TitlePortal />
      {topBarTools.map(({ key, component: Tool }) => (
        <Tool key={key} />
      ))}
    </AppBar>
  );
}

export function AppLayout({ children }: { children: ReactNode }) {
  return (
    <Layout appBar={AppAppBar} menu={AppMenu}>
      {children}
    </Layout>
  );
}
