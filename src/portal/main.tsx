// The customer portal's entry (portal.html, served at /portal/): a small app of its own, apart
// from the staff app, so neither one's first load carries the other.
import { StrictMode, useEffect, useMemo, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { Alert, AlertTitle, Button, CircularProgress, Container, CssBaseline, Stack, Typography } from '@mui/material';
import { chooseLanguage, LANGUAGE_KEY, textsFor, type Language } from './i18n';
import { PortalServicesProvider } from './context';
import { PortalApp, PortalHeader } from './PortalApp';
import { boot, type Phase } from './boot';
import type { PortalCall } from './api';

const unusable: PortalCall = () => Promise.reject(new Error('Not signed in'));

// once per page load: StrictMode runs effects twice in development, and a sign-in code can
// only be exchanged once
let booting: Promise<Phase> | undefined;

function Portal() {
  const [language, setLanguage] = useState<Language>(() =>
    chooseLanguage(localStorage.getItem(LANGUAGE_KEY), navigator.languages ?? [navigator.language]),
  );
  const texts = useMemo(() => textsFor(language), [language]);
  const [phase, setPhase] = useState<Phase>({ kind: 'loading' });
  const [choosing, setChoosing] = useState(false);

  useEffect(() => {
    document.documentElement.lang = language;
  }, [language]);
  useEffect(() => {
    let current = true;
    booting ??= boot(textsFor(language));
    booting.then(
      (next) => current && setPhase(next),
      (error: Error) =>
        current && setPhase({ kind: 'failed', title: textsFor(language).t('portal'), message: error.message }),
    );
    return () => {
      current = false;
    };
    // booting happens once; the language switch only changes the texts
  }, []);

  const switchLanguage = () => {
    const next = language === 'fr' ? 'en' : 'fr';
    localStorage.setItem(LANGUAGE_KEY, next);
    setLanguage(next);
  };
  const choose = (customerId: string) => {
    if (phase.kind !== 'ready' || customerId === phase.customer.id) return;
    setChoosing(true);
    phase
      .choose(customerId)
      .then(setPhase, (error: Error) => setPhase({ ...phase, notice: { severity: 'error', text: error.message } }))
      .finally(() => setChoosing(false));
  };
  const call = phase.kind === 'ready' ? phase.call : unusable;
  const services = useMemo(() => ({ texts, call }), [texts, call]);
  const session = 'session' in phase ? phase.session : undefined;

  return (
    <PortalServicesProvider value={services}>
      <CssBaseline />
      {phase.kind === 'ready' ? (
        <PortalApp
          customer={phase.customer}
          sections={phase.sections}
          customers={phase.customers}
          notice={phase.notice}
          choosing={choosing}
          onChoose={choose}
          onLanguage={switchLanguage}
          onSignOut={() => void phase.session.signOut()}
        />
      ) : (
        <>
          <PortalHeader
            title={texts.t('portal')}
            onLanguage={switchLanguage}
            onSignOut={phase.kind === 'failed' && session ? () => void session.signOut() : undefined}
          />
          <Container component="main" sx={{ py: 4 }}>
            {phase.kind === 'loading' && (
              <Stack direction="row" spacing={1} alignItems="center" role="status">
                <CircularProgress size={20} aria-hidden />
                <span>{texts.t('loading')}</span>
              </Stack>
            )}
            {phase.kind === 'noCompany' && <Alert severity="info">{texts.t('noCompany')}</Alert>}
            {phase.kind === 'signedOut' && (
              <Stack spacing={2} alignItems="flex-start">
                <Typography component="h2" variant="h5">
                  {texts.t('signedOut')}
                </Typography>
                <Button variant="contained" onClick={() => void phase.session.signIn()}>
                  {texts.t('signIn')}
                </Button>
              </Stack>
            )}
            {phase.kind === 'failed' && (
              <Alert severity="error" role="alert">
                <AlertTitle component="h2">{phase.title}</AlertTitle>
                {phase.message}
              </Alert>
            )}
          </Container>
        </>
      )}
    </PortalServicesProvider>
  );
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <Portal />
  </StrictMode>,
);
