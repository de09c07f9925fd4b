// What a screen shows when it throws (react-admin Layout's error boundary) and the Suspense
// wrapper of code-split screens: a chunk that fails or takes more than 120 s offers a reload;
// every other error is reported through logClientError.
import { Suspense, useEffect, useState, type ReactNode } from 'react';
import { Loading, useTranslate } from 'react-admin';
import { Alert, AlertTitle, Box, Button } from '@mui/material';
import {
  CHUNK_LOAD_TIMEOUT_MS,
  chunkLoadError,
  isChunkLoadError,
  isCssChunkFailure,
  CSS_CHUNK_LOAD_FAILED,
} from './chunks';
import { reportClientError } from './reporting';
import { describeUncaught } from './clientErrors';

export function ShellError({ error, resetErrorBoundary }: { error?: Error; resetErrorBoundary?: () => void }) {
  const translate = useTranslate();
  const chunk = isChunkLoadError(error);
  useEffect(() => {
    if (error) reportClientError({ message: describeUncaught(error) });
  }, [error]);
  const code = chunk ? (isCssChunkFailure(error) ? CSS_CHUNK_LOAD_FAILED : 'ChunkLoadError') : undefined;
  return (
    <Box sx={{ p: 2 }}>
      <Alert
        severity="error"
        role="alert"
        data-testid="screen-error"
        action={
          chunk ? (
            <Button color="inherit" size="small" onClick={() => window.location.reload()}>
              {translate('app.chunk.reload')}
            </Button>
          ) : resetErrorBoundary ? (
            <Button color="inherit" size="small" onClick={resetErrorBoundary}>
              {translate('app.error.retry')}
            </Button>
          ) : undefined
        }
      >
        {code ? <AlertTitle>{code}</AlertTitle> : null}
        {translate(chunk ? 'app.chunk.failed' : 'app.error.internal')}
      </Alert>
    </Box>
  );
}

/** The fallback throws ChunkLoadError when the chunk is still not there after 120 s. */
function ChunkWait({ timeoutMs }: { timeoutMs: number }) {
  const [expired, setExpired] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setExpired(true), timeoutMs);
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  if (expired) throw chunkLoadError();
  return <Loading />;
}

export function ChunkSuspense({
  children,
  timeoutMs = CHUNK_LOAD_TIMEOUT_MS,
}: {
  children: ReactNode;
  timeoutMs?: number;
}) {
  return <Suspense fallback={<ChunkWait timeoutMs={timeoutMs} />}>{children}</Suspense>;
}
