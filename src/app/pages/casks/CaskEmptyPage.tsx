// inventory/casks/empty: a cask emptied into a tank or bulk container (the excise module's
// caskEmpty action: a transfer of everything), after a regauge of what comes out. Before the
// person confirms, the angels' share is worked by the server (caskAngelsShare) and shown:
// "Angels' share: 4.215 LAA (3.1 %) over 2 years 3 months". The cask may come from ?vesselId=.
import { useEffect, useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import { Alert, Box, Button, Card, CardContent, MenuItem, TextField, Typography } from '@mui/material';
import { ConfirmDialog } from '../../widgets/ConfirmDialog';
import { formatDate } from '../../widgets/dateRules';
import { describeApiError } from '../../data/errors';
import { invalidateVesselContents, useVesselApi, useVesselsOfTypes } from '../vesselActions/api';
import { formatLaa, formatStrength, formatVolume } from '../vesselActions/format';
import { ANGELS_SHARE_QUERY, CASK_EMPTY_MUTATION, type AngelsShare } from './api';
import './register';

const decimal = (text: string): number | null => {
  const n = Number(text.replace(/,/g, '').trim());
  return text.trim() && Number.isFinite(n) ? n : null;
};

export function CaskEmptyPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useVesselApi();
  const { search } = useLocation();
  const casks = useVesselsOfTypes(['Cask']);
  const targets = useVesselsOfTypes(['Tank', 'BulkContainer']);
  const [caskId, setCaskId] = useState(new URLSearchParams(search).get('vesselId') ?? '');
  const [toVesselId, setToVesselId] = useState('');
  const [date, setDate] = useState(formatDate(new Date()));
  const [volume, setVolume] = useState('');
  const [strength, setStrength] = useState('');
  const [share, setShare] = useState<AngelsShare | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [posting, setPosting] = useState(false);
  const full = useMemo(() => (casks ?? []).filter((c) => c.contents && c.contents.volume !== 0), [casks]);
  const cask = full.find((c) => c.vesselId === caskId) ?? null;
  const v = decimal(volume);
  const s = decimal(strength);
  const ready = !!cask && v !== null && s !== null && /^\d{4}-\d{2}-\d{2}$/.test(date);

  // the share follows what is typed: asked again (debounced) whenever the regauge changes
  useEffect(() => {
    setShare(null);
    setProblem(null);
    if (!ready) return;
    let live = true;
    const timer = setTimeout(() => {
      call<{ caskAngelsShare: AngelsShare }>(ANGELS_SHARE_QUERY, { caskId, date, volume: v, strength: s }).then(
        (d) => live && setShare(d.caskAngelsShare),
        (error: unknown) => live && setProblem(describeApiError(error).message),
      );
    }, 300);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [call, ready, caskId, date, v, s]);

  const ageText = (a: AngelsShare['age']) =>
    a ? translate('app.casks.age_long', { years: a.years, months: a.months }) : null;
  const shareText = share
    ? translate(share.age ? 'app.casks.empty.share' : 'app.casks.empty.share_no_age', {
        laa: formatLaa(share.shareLaa),
        percent: share.sharePercent.toFixed(1),
        age: ageText(share.age),
      })
    : null;

  const onConfirm = async () => {
    setPosting(true);
    try {
      await call(CASK_EMPTY_MUTATION, {
        input: { vesselId: caskId, toVesselId: toVesselId || null, date, volume: v, strength: s },
      });
      invalidateVesselContents();
      notify('app.casks.empty.emptied', { type: 'info' });
      navigate('/inventory/casks');
    } catch (error) {
      setProblem(describeApiError(error).message);
      setConfirming(false);
    } finally {
      setPosting(false);
    }
  };

  return (
    <Box sx={{ p: 2, maxWidth: 760 }}>
      <Title title="app.casks.empty.title" />
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h1">
            {translate('app.casks.empty.title')}
          </Typography>
          <TextField
            select
            label={translate('app.casks.empty.cask')}
            value={cask ? caskId : ''}
            onChange={(e) => setCaskId(e.target.value)}
            slotProps={{ htmlInput: { 'data-testid': 'empty-cask' } }}
          >
            {full.map((c) => (
              <MenuItem key={c.vesselId} value={c.vesselId}>
                {c.vesselName} · {c.contents?.alcoholName ?? ''}
              </MenuItem>
            ))}
          </TextField>
          {cask?.contents ? (
            <Typography variant="body2" color="text.secondary">
              {translate('app.casks.empty.holds', {
                volume: formatVolume(cask.contents.volume),
                strength: formatStrength(cask.contents.strength),
                laa: formatLaa(cask.contents.laa),
              })}
            </Typography>
          ) : null}
          <TextField
            select
            label={translate('app.casks.empty.to')}
            value={toVesselId}
            onChange={(e) => setToVesselId(e.target.value)}
          >
            <MenuItem value="">{translate('app.casks.empty.none')}</MenuItem>
            {(targets ?? []).map((t) => (
              <MenuItem key={t.vesselId} value={t.vesselId}>
                {t.vesselName}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            type="date"
            label={translate('app.casks.empty.date')}
            value={date}
            onChange={(e) => setDate(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <Typography variant="subtitle2">{translate('app.casks.empty.regauge')}</Typography>
          <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
            <TextField
              label={translate('app.casks.empty.volume')}
              value={volume}
              onChange={(e) => setVolume(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
            <TextField
              label={translate('app.casks.empty.strength')}
              value={strength}
              onChange={(e) => setStrength(e.target.value)}
              slotProps={{ htmlInput: { inputMode: 'decimal' } }}
            />
          </Box>
          {shareText ? (
            <Alert severity="info" data-testid="angels-share">
              {shareText}
            </Alert>
          ) : null}
          {problem ? <Alert severity="warning">{translate(problem, { _: problem })}</Alert> : null}
          <Box>
            <Button variant="contained" disabled={!share || posting} onClick={() => setConfirming(true)}>
              {translate('app.casks.empty.confirm')}
            </Button>
          </Box>
        </CardContent>
      </Card>
      <ConfirmDialog
        open={confirming}
        title="app.casks.empty.confirm_title"
        titleArgs={{ number: cask?.vesselName ?? '' }}
        content={shareText ?? undefined}
        confirmLabel="app.casks.empty.confirm"
        loading={posting}
        onConfirm={() => void onConfirm()}
        onClose={() => setConfirming(false)}
      />
    </Box>
  );
}
