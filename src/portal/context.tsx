// What every portal screen needs: the texts of the language shown and the endpoint caller.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from 'react';
import { Alert, Button, CircularProgress, Stack } from '@mui/material';
import type { Texts } from './i18n';
import type { PortalCall } from './api';

export interface PortalServices {
  texts: Texts;
  call: PortalCall;
}

const Services = createContext<PortalServices | null>(null);
export const PortalServicesProvider = Services.Provider;

export function usePortal(): PortalServices {
  const services = useContext(Services);
  if (!services) throw new Error('usePortal outside PortalServicesProvider');
  return services;
}

interface Loading<T> {
  data: T | undefined;
  error: Error | undefined;
  reload: () => void;
}

/** Runs `query` on mount and on reload(); the latest answer wins. */
export function useQuery<T>(query: string, variables?: Record<string, unknown>): Loading<T> {
  const { call } = usePortal();
  const [state, setState] = useState<{ data?: T; error?: Error }>({});
  const [round, setRound] = useState(0);
  const key = JSON.stringify(variables ?? null);
  useEffect(() => {
    let current = true;
    setState((s) => ({ data: s.data }));
    call<T>(query, JSON.parse(key) as Record<string, unknown> | undefined).then(
      (data) => current && setState({ data }),
      (error: Error) => current && setState({ error }),
    );
    return () => {
      current = false;
    };
  }, [call, query, key, round]);
  const reload = useCallback(() => setRound((r) => r + 1), []);
  return { data: state.data, error: state.error, reload };
}

/** The answer's children once loaded; a spinner before, the server's message on failure. */
export function Loaded<T>({ loading, children }: { loading: Loading<T>; children: (data: T) => ReactNode }) {
  const { texts } = usePortal();
  if (loading.error)
    return (
      <Alert
        severity="error"
        action={
          <Button color="inherit" onClick={loading.reload}>
            {texts.t('retry')}
          </Button>
        }
      >
        {loading.error.message}
      </Alert>
    );
  if (loading.data === undefined)
    return (
      <Stack direction="row" spacing={1} alignItems="center" role="status">
        <CircularProgress size={20} aria-hidden />
        <span>{texts.t('loading')}</span>
      </Stack>
    );
  return <>{children(loading.data)}</>;
}
