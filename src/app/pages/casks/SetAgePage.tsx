// inventory/casks/setage: the age start (ageFrom) of one or many casks at once (casksSetAge),
// for spirit received already aged. The casks are ticked in a list (?vesselId= ticks one);
// a cask holding spirit also gets the ledger's age of its contents set the same day.
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { Title, useNotify, useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  Checkbox,
  FormControlLabel,
  FormGroup,
  TextField,
  Typography,
} from '@mui/material';
import { describeApiError } from '../../data/errors';
import { invalidateVesselContents, useVesselApi, useVesselsOfTypes } from '../vesselActions/api';
import { formatVolume } from '../vesselActions/format';
import { SET_AGE_MUTATION } from './api';
import './register';

export function SetAgePage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useVesselApi();
  const { search } = useLocation();
  const casks = useVesselsOfTypes(['Cask']);
  const first = new URLSearchParams(search).get('vesselId');
  const [picked, setPicked] = useState<Set<string>>(() => new Set(first ? [first] : []));
  const [ageFrom, setAgeFrom] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const sorted = useMemo(() => [...(casks ?? [])].sort((a, b) => a.vesselName.localeCompare(b.vesselName)), [casks]);
  const toggle = (id: string) =>
    setPicked((p) => {
      const next = new Set(p);
      if (next.has(id)) next.delete(id);
      else next.add(id);
      return next;
    });
  const save = async () => {
    setSaving(true);
    setProblem(null);
    try {
      await call(SET_AGE_MUTATION, { ids: [...picked], ageFrom: ageFrom || null });
      invalidateVesselContents();
      notify(translate('app.casks.set_age.saved', { smart_count: picked.size }), { type: 'info' });
      navigate('/inventory/casks');
    } catch (error) {
      const message = describeApiError(error).message;
      setProblem(translate(message, { _: message }));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 760 }}>
      <Title title="app.casks.set_age.title" />
      <Card>
        <CardContent sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
          <Typography variant="h6" component="h1">
            {translate('app.casks.set_age.title')}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {translate('app.casks.set_age.hint')}
          </Typography>
          <TextField
            type="date"
            label={translate('app.casks.set_age.age_from')}
            value={ageFrom}
            onChange={(e) => setAgeFrom(e.target.value)}
            slotProps={{ inputLabel: { shrink: true } }}
            sx={{ maxWidth: 240 }}
          />
          <Typography variant="subtitle2">{translate('app.casks.set_age.casks')}</Typography>
          <FormGroup sx={{ maxHeight: 360, overflow: 'auto' }}>
            {sorted.map((c) => (
              <FormControlLabel
                key={c.vesselId}
                control={<Checkbox checked={picked.has(c.vesselId)} onChange={() => toggle(c.vesselId)} />}
                label={
                  c.contents
                    ? `${c.vesselName} · ${c.contents.alcoholName ?? ''} · ${formatVolume(c.contents.volume)}`
                    : c.vesselName
                }
              />
            ))}
          </FormGroup>
          {problem ? <Alert severity="warning">{problem}</Alert> : null}
          <Box>
            <Button variant="contained" disabled={!picked.size || saving} onClick={() => void save()}>
              {translate('app.casks.set_age.save')}
            </Button>
          </Box>
        </CardContent>
      </Card>
    </Box>
  );
}
