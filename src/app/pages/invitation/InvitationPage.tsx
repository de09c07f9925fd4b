// /invitation/:token: signs the person in (coming back to this link), accepts the invitation,
// makes the company joined the current one (as the company switcher does: the stored
// `companyId`, a clean react-admin store, a fresh load) and opens its dashboard. A link that
// cannot be used shows the server's one message for every reason (expired, used, cancelled,
// sent to another address), with a way into the app and a way to sign in as someone else.
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { useResetStore, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import { describeApiError } from '../../data/errors';
import { useServices } from '../../services';
import { STORAGE_KEYS, writeStored } from '../../storage';
import { SHELL_ROUTES } from '../../shell/shellRoutes';
import { acceptInvitation, invitationPath } from './accept';

type State = { kind: 'signingIn' } | { kind: 'accepting' } | { kind: 'failed'; message: string };

export function InvitationPage() {
  const { token = '' } = useParams();
  const { session, authFetch, companies } = useServices();
  const translate = useTranslate();
  const resetStore = useResetStore();
  const [state, setState] = useState<State>({ kind: 'accepting' });

  useEffect(() => {
    let live = true;
    const run = async () => {
      if (!(await session.getAccessToken())) {
        if (live) setState({ kind: 'signingIn' });
        // back here once signed in (/login follows the state's return path)
        await session.signIn(invitationPath(token));
        return;
      }
      const companyId = await acceptInvitation(authFetch, token);
      writeStored(STORAGE_KEYS.companyId, companyId);
      companies.reset();
      resetStore();
      window.location.assign(SHELL_ROUTES.Dashboard);
    };
    run().catch((error: unknown) => {
      if (live) setState({ kind: 'failed', message: describeApiError(error).message });
    });
    return () => {
      live = false;
    };
    // one attempt per link
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [token]);

  const signInAsSomeoneElse = () => {
    void session.signOut().catch(() => session.clearUser().then(() => window.location.assign(invitationPath(token))));
  };

  return (
    <Box
      component="main"
      sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
    >
      <Card sx={{ maxWidth: 480, width: '100%' }}>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'stretch' }}>
          <Typography variant="h5" component="h1">
            {translate('app.pages.invitation.title')}
          </Typography>
          {state.kind === 'failed' ? (
            <>
              <Typography component="h2" variant="subtitle1">
                {translate('app.pages.invitation.failed_title')}
              </Typography>
              <Alert severity="error" role="alert">
                {translate(state.message, { _: state.message })}
              </Alert>
              <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
                <Button variant="contained" href="/">
                  {translate('app.pages.invitation.open_app')}
                </Button>
                <Button onClick={signInAsSomeoneElse}>{translate('app.pages.invitation.sign_out')}</Button>
              </Box>
            </>
          ) : (
            <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} role="status" aria-live="polite">
              <CircularProgress size={24} aria-hidden />
              <Typography>
                {translate(
                  state.kind === 'signingIn' ? 'app.pages.invitation.signing_in' : 'app.pages.invitation.accepting',
                )}
              </Typography>
            </Box>
          )}
        </CardContent>
      </Card>
    </Box>
  );
}
