// User menu (spec 2.5): Personal information, Change password, Dark mode, language (en, fr),
// Version summary, About, Tools (Switch distillery, Recurring transactions, Audit log), Sign out.
import { type ReactNode, type Ref } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import {
  UserMenu,
  useGetIdentity,
  useLocaleState,
  useLogout,
  useNotify,
  useResetStore,
  useTranslate,
  useUserMenu,
} from 'react-admin';
import { Divider, ListItemIcon, ListItemText, ListSubheader, MenuItem, Switch } from '@mui/material';
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

/**
 * The distilleries as menu items (the current one checked): a menu owns menu items only, and
 * the arrow keys reach them (WCAG, issue 16). An array, not a fragment: MUI menus need flat children.
 */
function useCompanyItems(): ReactNode[] {
  const { companies: store } = useServices();
  const { companies, current } = useCompanyState();
  const translate = useTranslate();
  const resetStore = useResetStore();
  if (!companies || companies.length < 2 || !current) return [];
  const choose = (id: string) => {
    if (id === current.id) return;
    store.select(id);
    // lists, filters and caches belong to the previous company: start clean
    resetStore();
    window.location.assign(SHELL_ROUTES.Dashboard);
  };
  return [
    <ListSubheader key="company-switch" role="presentation" sx={{ lineHeight: '32px' }}>
      {translate('app.company.switch')}
    </ListSubheader>,
    ...companies.map((c) => (
      <MenuItem
        key={`company-${c.id}`}
        role="menuitemradio"
        aria-checked={c.id === current.id}
        selected={c.id === current.id}
        onClick={() => choose(c.id)}
      >
        <ListItemText inset>{c.name}</ListItemText>
      </MenuItem>
    )),
  ];
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

/** With an external issuer, Personal information and Change password are the issuer's: its
 * account page opens in a new tab and a message says why (our profile endpoints are not there). */
function ExternalAccountItem({ icon, label, url }: { icon: ReactNode; label: string; url: string }) {
  const notify = useNotify();
  const open = () => {
    window.open(url, '_blank', 'noopener,noreferrer');
    notify('app.user.external_account', { type: 'info', messageArgs: { url } });
  };
  return <Item icon={icon} label={label} onClick={open} />;
}

function DarkModeItem() {
  const translate = useTranslate();
  const dark = useDark();
  return (
    <Item
      icon={<DarkModeIcon fontSize="small" />}
      label="app.user.dark_mode"
      onClick={() => setDark(!dark)}
      after={
        <Switch
          edge="end"
          size="small"
          checked={dark}
          slotProps={{ input: { 'aria-label': translate('app.user.dark_mode') } }}
          tabIndex={-1}
        />
      }
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
  const { accountUrl } = useServices().config;
  const userInfo = routePath('UserInfo');
  const recurring = toolAllowed('RecurringTransactions', current) ? routePath('RecurringTransactions') : null;
  const audit = toolAllowed('Audit', current) ? routePath('Audit') : null;
  const switching = !!companies && companies.length > 1;
  const companyItems = useCompanyItems();
  // the button shows the user's name: its accessible name starts with it (WCAG 2.5.3)
  const { identity } = useGetIdentity();
  const profile = translate('ra.auth.user_menu');
  const label = identity?.fullName ? `${identity.fullName} – ${profile}` : profile;
  return (
    <UserMenu label={label}>
      {accountUrl ? (
        <ExternalAccountItem
          icon={<PersonIcon fontSize="small" />}
          label="app.user.personal_information"
          url={accountUrl}
        />
      ) : userInfo ? (
        <Item icon={<PersonIcon fontSize="small" />} label="app.user.personal_information" to={userInfo} />
      ) : null}
      {accountUrl ? (
        <ExternalAccountItem icon={<KeyIcon fontSize="small" />} label="app.user.change_password" url={accountUrl} />
      ) : (
        <DialogItem dialog="password" icon={<KeyIcon fontSize="small" />} label="app.user.change_password" />
      )}
      <DarkModeItem />
      <LanguageItem />
      <DialogItem dialog="version" icon={<UpdateIcon fontSize="small" />} label="app.user.version_summary" />
      <DialogItem dialog="about" icon={<InfoIcon fontSize="small" />} label="app.user.about" />
      {switching || recurring || audit ? <Divider /> : null}
      {switching || recurring || audit ? (
        // a heading between menu items, not a list item of the menu
        <ListSubheader role="presentation" sx={{ lineHeight: '32px' }}>
          {translate('app.user.tools')}
        </ListSubheader>
      ) : null}
      {switching ? companyItems : null}
      {recurring ? <Item icon={<RepeatIcon fontSize="small" />} label="app.user.recurring" to={recurring} /> : null}
      {audit ? <Item icon={<HistoryIcon fontSize="small" />} label="app.user.audit" to={audit} /> : null}
      <Divider />
      <SignOutItem />
    </UserMenu>
  );
}
