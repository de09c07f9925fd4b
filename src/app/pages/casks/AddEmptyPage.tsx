// inventory/casks/addempty: many empty casks at once (casksAddEmpty, one transaction). The
// numbers are a prefix and a first number counting up (C-0101 for 20: C-0101 to C-0120) or a
// list; the type gives size, char level and cost unless a size is typed. A number already used
// is refused by the server, naming it, and nothing is added.
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useWatch } from 'react-hook-form';
import {
  AutocompleteInput,
  Form,
  NumberInput,
  RadioButtonGroupInput,
  ReferenceInput,
  SaveButton,
  TextInput,
  Title,
  Toolbar,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { DecimalInput } from '../../widgets/DecimalInput';
import { submissionErrors } from '../settings/api';
import { invalidateVesselContents, useVesselApi } from '../vesselActions/api';
import { ADD_EMPTY_MUTATION } from './api';
import './register';

const MAX_CASKS = 500;

interface Values {
  type?: string | null;
  site?: string | null;
  location?: string;
  mode: 'range' | 'list';
  prefix?: string;
  firstNumber?: string;
  count?: number | null;
  numbers?: string;
  size?: number | null;
  fillCount?: number | null;
}

/** The numbers the form names, as the server will make them (for the preview line). */
export function numbersOf(v: Pick<Values, 'mode' | 'prefix' | 'firstNumber' | 'count' | 'numbers'>): string[] {
  if (v.mode === 'list')
    return (v.numbers ?? '')
      .split(/[\n,]/)
      .map((n) => n.trim())
      .filter(Boolean);
  const first = (v.firstNumber ?? '').trim();
  const count = Number(v.count);
  if (!/^\d{1,15}$/.test(first) || !Number.isInteger(count) || count < 1 || count > MAX_CASKS) return [];
  const start = BigInt(first);
  const at = (i: number) => `${v.prefix ?? ''}${String(start + BigInt(i)).padStart(first.length, '0')}`;
  return count === 1 ? [at(0)] : [at(0), at(count - 1)];
}

function Preview() {
  const translate = useTranslate();
  const values = useWatch() as Values;
  const numbers = numbersOf(values);
  if (!numbers.length) return null;
  const count = values.mode === 'list' ? numbers.length : Number(values.count);
  return (
    <Typography variant="body2" data-testid="add-empty-preview" sx={{ my: 1 }}>
      {translate('app.casks.add_empty.preview', {
        smart_count: count,
        first: numbers[0],
        last: numbers[numbers.length - 1],
      })}
    </Typography>
  );
}

function NumberFields() {
  const mode = useWatch({ name: 'mode' }) as Values['mode'];
  return mode === 'list' ? (
    <TextInput source="numbers" label="app.casks.add_empty.numbers" multiline minRows={3} fullWidth />
  ) : (
    <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
      <TextInput source="prefix" label="app.casks.add_empty.prefix" />
      <TextInput source="firstNumber" label="app.casks.add_empty.first_number" />
      <NumberInput source="count" label="app.casks.add_empty.count" min={1} max={MAX_CASKS} step={1} />
    </Box>
  );
}

export function AddEmptyPage() {
  const translate = useTranslate();
  const notify = useNotify();
  const navigate = useNavigate();
  const call = useVesselApi();
  const { search } = useLocation();
  const typeId = new URLSearchParams(search).get('type');
  const defaults = useMemo<Values>(
    () => ({ type: typeId && /^\d{1,18}$/.test(typeId) ? typeId : null, mode: 'range', prefix: 'C-', count: 1 }),
    [typeId],
  );
  const onSubmit = async (raw: Record<string, unknown>) => {
    const v = raw as unknown as Values;
    const input = {
      type: v.type || null,
      site: v.site || null,
      location: v.location || null,
      // the decimal input reads empty as 0: no size means the type's
      size: v.size ? v.size : null,
      fillCount: v.fillCount ?? null,
      ...(v.mode === 'list'
        ? { numbers: numbersOf(v) }
        : { prefix: v.prefix ?? '', firstNumber: v.firstNumber ?? '', count: v.count ?? null }),
    };
    try {
      const { casksAddEmpty } = await call<{ casksAddEmpty: { count: number } }>(ADD_EMPTY_MUTATION, { input });
      invalidateVesselContents();
      notify(translate('app.casks.add_empty.added', { smart_count: casksAddEmpty.count }), { type: 'info' });
      navigate('/inventory/casks');
      return undefined;
    } catch (error) {
      return submissionErrors(error, (m) => notify(m, { type: 'error' }));
    }
  };
  return (
    <Box sx={{ p: 2, maxWidth: 760 }}>
      <Title title="app.casks.add_empty.title" />
      <Card>
        <CardContent>
          <Typography variant="h6" component="h1" gutterBottom>
            {translate('app.casks.add_empty.title')}
          </Typography>
          <Form defaultValues={defaults} onSubmit={onSubmit}>
            <ReferenceInput source="type" reference="caskTypes">
              <AutocompleteInput label="app.casks.add_empty.type" optionText="name" fullWidth />
            </ReferenceInput>
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <ReferenceInput source="site" reference="sites">
                <AutocompleteInput label="app.casks.add_empty.site" optionText="name" />
              </ReferenceInput>
              <TextInput source="location" label="app.casks.add_empty.location" />
            </Box>
            <RadioButtonGroupInput
              source="mode"
              label="app.casks.add_empty.mode"
              choices={[
                { id: 'range', name: 'app.casks.add_empty.mode_range' },
                { id: 'list', name: 'app.casks.add_empty.mode_list' },
              ]}
            />
            <NumberFields />
            <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap' }}>
              <DecimalInput source="size" label="app.casks.add_empty.size" precision={1} min={0} units="L" />
              <NumberInput source="fillCount" label="app.casks.add_empty.fill_count" min={0} step={1} />
            </Box>
            <Preview />
            <Toolbar>
              <SaveButton label="app.casks.add_empty.save" alwaysEnable />
            </Toolbar>
          </Form>
        </CardContent>
      </Card>
    </Box>
  );
}
