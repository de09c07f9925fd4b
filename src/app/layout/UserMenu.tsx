// User menu (spec 2.5): Personal information, Change password, Dark mode, language (en, fr),
// Version summary, About, Tools (Switch distillery, Recurring transactions, Audit log), Sign out.
import { type ChangeEvent, type ReactNode, type Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { UserMenu, useLocaleState, useLogout, useResetStore, useTranslate, useUserMenu } from 'react-admin';
import { Box, Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem, Switch, TextField } from '@mui/material';
import LogoutIcon from '@mui/icons-material/Logout';
import PersonIcon from '@mui/icons-material/Person';
import KeyIcon from '@mui/icons-material/Key';
import DarkModeIcon from '@mui/icons-material/DarkMode';
import TranslateIcon from '@mui/icons-material/Translate';
import InfoIcon from '@mui/icons-material/Info';
import UpdateIcon from '@mui/icons-material/Update';
import RepeatIcon from '@mui/icons-material/Repeat';
import HistoryIcon from '@mui/icons-material/History';
import { useCompanyState, useServices } from '../services';
import type { LogoutParams } from '../auth/authProvider';
import { setDark, useDark } from '../shell/preferences';
import { openDialog, type ShellDialog } from '../shell/dialogs';
import { routePath } from '../shell/namedRoutes';
import { toolAllowed } from '../shell/menu';
import { SHELL_ROUTES } from '../shell/shellRoutes';

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
    window.location.assign(SHELL_ROUTES.Dashboard);
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

function Item({
  ref,
  icon,
  label,
  onClick,
  to,
  after,
}: {
  ref?: Ref<HTMLLIElement>;
  icon: ReactNode;
  label: string;
  onClick?: () => void;
  to?: string;
  after?: ReactNode;
}) {
  const translate = useTranslate();
  const userMenu = useUserMenu();
  const link = to ? { component: RouterLink, to } : {};
  return (
    <MenuItem
      ref={ref}
      {...link}
      onClick={() => {
        onClick?.();
        if (!after) userMenu?.onClose();
      }}
    >
      <ListItemIcon>{icon}</ListItemIcon>
      <ListItemText>{translate(label)}</ListItemText>
      {after}
    </MenuItem>
  );
}

function DialogItem({ dialog, icon, label }: { dialog: ShellDialog; icon: ReactNode; label: string }) {
  return <Item icon={icon} label={label} onClick={() => openDialog(dialog)} />;
}

function DarkModeItem() {
  const dark = useDark();
  return (
    <Item
      icon={<DarkModeIcon fontSize="small" />}
      label="app.user.dark_mode"
      onClick={() => setDark(!dark)}
      after={<Switch edge="end" size="small" checked={dark} inputProps={{ 'aria-label': 'dark mode' }} tabIndex={-1} />}
    />
  );
}

function LanguageItem() {
  const [locale, setLocale] = useLocaleState();
  const next = locale === 'fr' ? 'en' : 'fr';
  return (
    <Item
      icon={<TranslateIcon fontSize="small" />}
      label={`app.language.switch_to_${next}`}
      onClick={() => setLocale(next)}
    />
  );
}

function SignOutItem() {
  const logout = useLogout();
  const params: LogoutParams = { signOut: true };
  return <Item icon={<LogoutIcon fontSize="small" />} label="app.auth.sign_out" onClick={() => void logout(params)} />;
}

export function AppUserMenu() {
  const translate = useTranslate();
  const { companies, current } = useCompanyState();
  const userInfo = routePath('UserInfo');
  const recurring = toolAllowed('RecurringTransactions', current) ? routePath('RecurringTransactions') : null;
  const audit = toolAllowed('Audit', current) ? routePath('Audit') : null;
  const switching = !!companies && companies.length > 1;
  return (
    <UserMenu>
      {userInfo ? (
        <Item icon={<PersonIcon fontSize="small" />} label="app.user.personal_information" to={userInfo} />
      ) : null}
      <DialogItem dialog="password" icon={<KeyIcon fontSize="small" />} label="app.user.change_password" />
      <DarkModeItem />
      <LanguageItem />
      <DialogItem dialog="version" icon={<UpdateIcon fontSize="small" />} label="app.user.version_summary" />
      <DialogItem dialog="about" icon={<InfoIcon fontSize="small" />} label="app.user.about" />
      {switching || recurring || audit ? <Divider /> : null}
      {switching || recurring || audit ? (
        <ListSubheader sx={{ lineHeight: '32px' }}>{translate('app.user.tools')}</ListSubheader>
      ) : null}
      {switching ? <CompanySwitcher /> : null}
      {recurring ? <Item icon={<RepeatIcon fontSize="small" />} label="app.user.recurring" to={recurring} /> : null}
      {audit ? <Item icon={<HistoryIcon fontSize="small" />} label="app.user.audit" to={audit} /> : null}
      <Divider />
      <SignOutItem />
    </UserMenu>
  );
}
