// /login: public, outside the shell. The return point of the sign-in flow (spec 2.1):
//   ?code=…            completes the sign-in, then goes back into the app;
//   ?error_message=…   (or OIDC ?error=…&error_description=…) shows the message and a
//                      'Sign in again' button;
//   nothing            starts the sign-in at the issuer (react-admin sends signed-out users here).
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useTranslate } from 'ra-core';
import { Alert, Box, Button, Card, CardContent, CircularProgress, Typography } from '@mui/material';
import type { OidcSession } from './oidc';
import { loginAction, safeReturnPath } from './tokens';
import { shownSignInMessage } from './loginMessages';

const messageOf = (error: unknown): string => {
  const e = error as { error_description?: string | null; error?: string | null; message?: string } | undefined;
  return e?.error_description || e?.message || e?.error || 'app.auth.internal_error';
};

export function createLoginPage(session: OidcSession) {
  return function LoginPage() {
    const location = useLocation();
    const navigate = useNavigate();
    const translate = useTranslate();
    const action = useMemo(() => loginAction(location.search), [location.search]);
    const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
    const returnTo = safeReturnPath(state?.nextPathname ? `${state.nextPathname}${state.nextSearch ?? ''}` : '/');
    const [failure, setFailure] = useState<string | null>(null);
    // only known messages: the link's own text never reaches the page
    const raw = action.kind === 'error' ? action.message : failure;
    const error = raw === null ? null : shownSignInMessage(raw);

    useEffect(() => {
      let cancelled = false;
      const fail = (e: unknown) => {
        if (!cancelled) setFailure(messageOf(e));
      };
      if (action.kind === 'callback') {
        session
          .completeSignIn(window.location.href)
          .then((target) => {
            if (!cancelled) navigate(target, { replace: true });
          })
          .catch(fail);
      } else if (action.kind === 'start') {
        session
          .getAccessToken()
          .then((token) => {
            if (token) return navigate(returnTo, { replace: true });
            // the API refused a token we just got: do not bounce through the issuer again
            if (session.justSignedIn()) throw new Error('app.auth.failed');
            return session.signIn(returnTo);
          })
          .catch(fail);
      }
      return () => {
        cancelled = true;
      };
      // returnTo is read once, when the sign-in starts
      // eslint-disable-next-line react-hooks/exhaustive-deps
    }, [action, navigate]);

    const signInAgain = () => {
      setFailure(null);
      session.signIn(returnTo).catch((e) => setFailure(messageOf(e)));
    };

    return (
      <Box
        component="main"
        sx={{ minHeight: '100vh', display: 'flex', alignItems: 'center', justifyContent: 'center', p: 2 }}
      >
        <Card sx={{ maxWidth: 420, width: '100%' }}>
          <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2, alignItems: 'stretch' }}>
            <Typography variant="h5" component="h1">
              {translate('app.name')}
            </Typography>
            {error ? (
              <>
                <Alert severity="error" role="alert">
                  {translate(error)}
                </Alert>
                <Button variant="contained" onClick={signInAgain}>
                  {translate('app.auth.sign_in_again')}
                </Button>
              </>
            ) : (
              <Box sx={{ display: 'flex', gap: 2, alignItems: 'center' }} role="status" aria-live="polite">
                <CircularProgress size={24} aria-hidden />
                <Typography>
                  {translate(action.kind === 'callback' ? 'app.auth.signing_in' : 'app.auth.redirecting')}
                </Typography>
              </Box>
            )}
          </CardContent>
        </Card>
      </Box>
    );
  };
}
