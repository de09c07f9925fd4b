// /userinfo: name, e-mail and language of the signed-in user, read and saved at the
// authorization server; its per-field errors show under the fields.
import { useCallback, useEffect, useState } from 'react';
import {
  Form,
  Loading,
  SaveButton,
  SelectInput,
  TextInput,
  Title,
  Toolbar,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Card, CardContent, Link } from '@mui/material';
import { useServices } from '../../services';
import { emailValidator, maxLengthValidator, requiredValidator } from '../../generic/validators';
import { ERROR_KEYS } from '../../data/errors';
import { loadProfile, ProfileError, profileUrl, saveProfile, type Profile } from './profileApi';

const NAME_MAX_LENGTH = 100;
const NONE = '';

export function UserInfoPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const [, setLocale] = useLocaleState();
  const { config, session } = useServices();
  const [profile, setProfile] = useState<Profile | null>(null);
  const [failed, setFailed] = useState(false);

  const target = useCallback(async () => {
    const [user, token] = await Promise.all([session.getUser(), session.getAccessToken()]);
    if (!user || !token) throw new ProfileError('Not signed in', 401);
    return { url: profileUrl(config.issuer, user.profile.sub), token };
  }, [config.issuer, session]);

  useEffect(() => {
    // an external issuer has no profile endpoint of ours (the call would fail on CORS)
    if (config.accountUrl) return;
    let live = true;
    target()
      .then(({ url, token }) => loadProfile(fetch, url, token))
      .then(
        (p) => live && setProfile(p),
        (error: unknown) => {
          console.warn('Profile load failed', error);
          if (live) setFailed(true);
        },
      );
    return () => {
      live = false;
    };
  }, [target, config.accountUrl]);

  const save = useCallback(
    async (values: Record<string, unknown>) => {
      try {
        const { url, token } = await target();
        const locale = typeof values.locale === 'string' && values.locale ? values.locale : null;
        const saved = await saveProfile(fetch, url, token, {
          name: String(values.name ?? ''),
          email: String(values.email ?? ''),
          locale,
        });
        setProfile(saved);
        notify('app.pages.userinfo.saved', { type: 'success' });
        if (saved.locale === 'en' || saved.locale === 'fr') setLocale(saved.locale);
        return undefined;
      } catch (error) {
        if (error instanceof ProfileError && Object.keys(error.fields).length) {
          notify(ERROR_KEYS.invalidForm, { type: 'error' });
          return error.fields;
        }
        notify(error instanceof ProfileError && error.status < 500 ? error.message : ERROR_KEYS.internal, {
          type: 'error',
        });
        return undefined;
      }
    },
    [target, notify, setLocale],
  );

  if (config.accountUrl)
    return (
      <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
        <Title title="app.pages.userinfo.title" />
        <Alert severity="info">
          {translate('app.pages.userinfo.external')}{' '}
          <Link href={config.accountUrl} target="_blank" rel="noopener noreferrer">
            {translate('app.pages.userinfo.open_account')}
          </Link>
        </Alert>
      </Box>
    );

  return (
    <Box sx={{ p: { xs: 1, sm: 2 }, maxWidth: 640 }}>
      <Title title="app.pages.userinfo.title" />
      {failed ? (
        <Alert severity="error" role="alert">
          {translate('app.pages.userinfo.load_failed')}
        </Alert>
      ) : !profile ? (
        <Loading />
      ) : (
        <Card>
          <Form record={{ ...profile, locale: profile.locale ?? NONE }} onSubmit={save} warnWhenUnsavedChanges>
            <CardContent>
              <TextInput
                source="name"
                label="app.pages.userinfo.name"
                validate={[requiredValidator, maxLengthValidator(NAME_MAX_LENGTH)]}
                fullWidth
              />
              <TextInput
                source="email"
                label="app.pages.userinfo.email"
                type="email"
                validate={[requiredValidator, emailValidator]}
                fullWidth
              />
              <SelectInput
                source="locale"
                label="app.pages.userinfo.locale"
                emptyValue={NONE}
                emptyText="app.pages.userinfo.locale_default"
                choices={[
                  { id: 'en', name: 'English' },
                  { id: 'fr', name: 'Français' },
                ]}
                translateChoice={false}
                fullWidth
              />
            </CardContent>
            <Toolbar>
              <SaveButton />
            </Toolbar>
          </Form>
        </Card>
      )}
    </Box>
  );
}
