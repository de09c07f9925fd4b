// The setup wizard dialog (spec 2.5, 4): welcome mode starts at section 0, resume mode at the
// first section with unfinished work; sections 0 to 4 with << and >>, 'Finish later', then the
// last page: congratulations at 100 %, whose OK marks setup done. Loaded on first open.
import { useEffect, useMemo, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Checkbox,
  Chip,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  FormControlLabel,
  FormGroup,
  LinearProgress,
  Link,
  List,
  ListItem,
  ListItemIcon,
  ListItemText,
  Typography,
} from '@mui/material';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import RadioButtonUncheckedIcon from '@mui/icons-material/RadioButtonUnchecked';
import { useServices } from '../../services';
import { routePath } from '../../shell/namedRoutes';
import { fetchVideo, videoUrl } from '../../help/api';
import { videoEmbedUrl } from '../../../shared/videos';
import { loadSetup, markSetupDone, saveWorkflowTick } from './api';
import {
  distillingLocked,
  openingSection,
  setupProgress,
  setupSteps,
  shouldShow,
  tickWorkflow,
  type SectionIndex,
  type SetupState,
  type SetupStep,
  type WorkflowPreferences,
} from './rules';
import { WORKFLOW_PREFERENCE_KEYS } from '../../shell/workflow';

export type SetupMode = 'welcome' | 'resume';

export interface SetupDialogProps {
  mode: SetupMode;
  allowWine: boolean;
  allowAccounting: boolean;
  /** the dialog closed without finishing (Finish later, Escape, a link followed) */
  onClose: () => void;
  /** setup is marked done */
  onDone: () => void;
}

/** the page after section 4: congratulations, or what is left */
const FINAL_PAGE = 5;
type Page = SectionIndex | typeof FINAL_PAGE;

const errorText = (e: unknown) => (e instanceof Error ? e.message : String(e));

function WorkflowTicks({
  preferences,
  allowWine,
  onTick,
}: {
  preferences: WorkflowPreferences;
  allowWine: boolean;
  onTick: (key: keyof WorkflowPreferences, value: boolean) => void;
}) {
  const translate = useTranslate();
  const locked = distillingLocked(preferences);
  return (
    <FormGroup sx={{ display: 'grid', gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } }}>
      {WORKFLOW_PREFERENCE_KEYS.filter((key) => key !== 'wine' || allowWine).map((key) => (
        <FormControlLabel
          key={key}
          label={translate(`app.setup.workflow.${key}`)}
          title={key === 'distilling' && locked ? translate('app.setup.workflow.distilling_locked') : undefined}
          control={
            <Checkbox
              checked={preferences[key]}
              disabled={key === 'distilling' && locked}
              onChange={(e) => onTick(key, e.target.checked)}
              slotProps={{ input: { 'data-testid': `setup-tick-${key}` } as object }}
            />
          }
        />
      ))}
    </FormGroup>
  );
}

function StepRow({ step, onLeave }: { step: SetupStep; onLeave: () => void }) {
  const translate = useTranslate();
  const path = step.route ? routePath(step.route.name, step.route.params) : null;
  const label = translate(`app.setup.steps.${step.key}.label`);
  const status = translate(step.done ? 'app.setup.done' : 'app.setup.to_do');
  return (
    <ListItem disableGutters data-testid={`setup-step-${step.key}`} data-done={step.done ? 'true' : 'false'}>
      <ListItemIcon sx={{ minWidth: 36 }}>
        {step.done ? (
          <CheckCircleIcon color="success" titleAccess={status} />
        ) : (
          <RadioButtonUncheckedIcon color="action" titleAccess={status} />
        )}
      </ListItemIcon>
      <ListItemText
        primary={
          path ? (
            <Link component={RouterLink} to={path} onClick={onLeave}>
              {label}
            </Link>
          ) : (
            label
          )
        }
        secondary={translate(`app.setup.steps.${step.key}.need`)}
      />
      <Chip size="small" label={status} color={step.done ? 'success' : 'default'} variant="outlined" />
    </ListItem>
  );
}

export function SetupDialog({ mode, allowWine, allowAccounting, onClose, onDone }: SetupDialogProps) {
  const translate = useTranslate();
  const { authFetch } = useServices();
  const [state, setState] = useState<SetupState | null>(null);
  const [page, setPage] = useState<Page | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [finishing, setFinishing] = useState(false);
  const [video, setVideo] = useState<string | null>(null);

  const finish = async () => {
    setFinishing(true);
    try {
      await markSetupDone(authFetch);
      onDone();
    } catch (e) {
      setError(translate('app.setup.done_error', { error: errorText(e) }));
      setFinishing(false);
    }
  };

  useEffect(() => {
    let live = true;
    // the setup video when one is configured (video(key), spec 7); a failure is no video, never
    // an error over the wizard
    void fetchVideo(authFetch, 'setup')
      .catch(() => null)
      .then((id) => live && setVideo(id));
    loadSetup(authFetch).then(
      (loaded) => {
        if (!live) return;
        // another administrator finished setup since this page loaded: nothing to show
        if (loaded.doneSetup) return onDone();
        setState(loaded);
        const welcome = mode === 'welcome';
        // nothing left and not welcoming: setup is marked done at once, no dialog (spec 4)
        if (!shouldShow(loaded, allowWine, welcome)) void finish();
        else setPage(openingSection(loaded, allowWine, welcome) ?? 0);
      },
      (e: unknown) => live && setError(translate('app.setup.load_error', { error: errorText(e) })),
    );
    return () => {
      live = false;
    };
    // loaded once per opening
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  /** Moves to a page and reads the setup again: records made meanwhile (here or in another
   * tab) tick their steps, so the last page can say 100 %. */
  const go = (next: Page) => {
    setPage(next);
    loadSetup(authFetch).then(
      (loaded) => setState(loaded),
      () => undefined, // the answer shown stays; the next move tries again
    );
  };

  const steps = useMemo(() => (state ? setupSteps(state, allowWine) : []), [state, allowWine]);
  const progress = state ? setupProgress(state, allowWine) : null;

  const tick = (key: keyof WorkflowPreferences, value: boolean) => {
    if (!state) return;
    const before = state.productionOverviewPreferences;
    // shown at once, saved at once (spec 4); the server's answer is the truth
    setState({ ...state, productionOverviewPreferences: tickWorkflow(before, key, value) });
    saveWorkflowTick(authFetch, key, value).then(
      (saved) => setState((s) => (s ? { ...s, productionOverviewPreferences: saved } : s)),
      (e: unknown) => {
        setState((s) => (s ? { ...s, productionOverviewPreferences: before } : s));
        setError(translate('app.setup.workflow.save_error', { error: errorText(e) }));
      },
    );
  };

  const welcomePage = mode === 'welcome' && page === 0;
  const title =
    page === null
      ? translate('app.setup.finish_setup')
      : page === FINAL_PAGE
        ? translate(progress?.percent === 100 ? 'app.setup.complete.title' : 'app.setup.incomplete.title')
        : welcomePage
          ? translate('app.setup.welcome.title')
          : translate(`app.setup.sections.${page}.title`);

  const sectionSteps = (n: SectionIndex) => steps.filter((s) => s.section === n && s.key !== 'workflow');

  return (
    <Dialog open onClose={() => onClose()} fullWidth maxWidth="sm" aria-labelledby="setup-wizard-title">
      <DialogTitle id="setup-wizard-title">{title}</DialogTitle>
      <DialogContent>
        {error ? (
          <Alert severity="error" sx={{ mb: 2 }} onClose={() => setError(null)}>
            {error}
          </Alert>
        ) : null}
        {!state || page === null ? (
          error ? null : (
            <Box sx={{ p: 3, display: 'flex', justifyContent: 'center' }}>
              <CircularProgress size={24} aria-label={translate('app.setup.loading')} />
            </Box>
          )
        ) : (
          <>
            {progress ? (
              <Box sx={{ mb: 2 }} data-testid="setup-progress" data-percent={progress.percent}>
                <LinearProgress
                  variant="determinate"
                  value={progress.percent}
                  aria-label={translate('app.setup.progress', { ...progress })}
                />
                <Typography variant="caption" color="text.secondary">
                  {translate('app.setup.progress', { ...progress })}
                </Typography>
              </Box>
            ) : null}
            {page === FINAL_PAGE ? (
              <Typography>
                {progress?.percent === 100
                  ? translate('app.setup.complete.text')
                  : translate('app.setup.incomplete.text', { percent: progress?.percent ?? 0 })}
              </Typography>
            ) : (
              <>
                <Typography variant="overline" component="p">
                  {translate('app.setup.section_of', { n: page })}
                </Typography>
                <Typography sx={{ mb: 1 }}>
                  {translate(welcomePage ? 'app.setup.welcome.intro' : `app.setup.sections.${page}.intro`)}
                </Typography>
                {page === 0 ? (
                  <>
                    {video ? (
                      <Box sx={{ mb: 1 }}>
                        <Box
                          component="iframe"
                          src={videoEmbedUrl(video)}
                          title={translate('app.setup.video')}
                          loading="lazy"
                          allow="encrypted-media; picture-in-picture; fullscreen"
                          referrerPolicy="strict-origin-when-cross-origin"
                          sx={{ display: 'block', width: '100%', aspectRatio: '16 / 9', border: 0, borderRadius: 1 }}
                        />
                        <Link href={videoUrl(video)} target="_blank" rel="noopener noreferrer" variant="body2">
                          {translate('app.setup.videoElsewhere')}
                        </Link>
                      </Box>
                    ) : null}
                    <WorkflowTicks
                      preferences={state.productionOverviewPreferences}
                      allowWine={allowWine}
                      onTick={tick}
                    />
                  </>
                ) : (
                  <List dense>
                    {sectionSteps(page).map((step) => (
                      <StepRow key={step.key} step={step} onLeave={onClose} />
                    ))}
                    {page === 1 && allowAccounting && state.company ? (
                      <ListItem disableGutters>
                        <ListItemText
                          secondary={
                            state.accountingProvider
                              ? translate('app.setup.accounting.connected', { provider: state.accountingProvider })
                              : translate('app.setup.accounting.not_connected')
                          }
                        />
                      </ListItem>
                    ) : null}
                    {sectionSteps(page).length === 0 ? (
                      <ListItem disableGutters>
                        <ListItemText secondary={translate('app.setup.nothing_here')} />
                      </ListItem>
                    ) : null}
                  </List>
                )}
              </>
            )}
          </>
        )}
      </DialogContent>
      <DialogActions>
        <Button
          onClick={() => page !== null && page > 0 && go((page - 1) as Page)}
          disabled={page === null || page === 0}
          title={translate('app.setup.back_label')}
        >
          {translate('app.setup.back')}
        </Button>
        <Box sx={{ flex: 1 }} />
        {page === FINAL_PAGE && progress?.percent === 100 ? (
          <Button variant="contained" onClick={() => void finish()} disabled={finishing}>
            {translate('app.setup.ok')}
          </Button>
        ) : (
          <Button onClick={() => onClose()}>{translate('app.setup.finish_later')}</Button>
        )}
        <Button
          onClick={() => page !== null && page < FINAL_PAGE && go((page + 1) as Page)}
          disabled={page === null || page === FINAL_PAGE}
          title={translate('app.setup.next_label')}
        >
          {translate('app.setup.next')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
