// Tab 0: the distillery's information (companyUpdate) and its settings (companySettingsSet),
// one form, saved by one button. Read-only without config.write.
import { useCallback, useEffect, useState } from 'react';
import {
  BooleanInput,
  Form,
  Loading,
  NumberInput,
  SaveButton,
  SelectInput,
  TextInput,
  Toolbar,
  useLocaleState,
  useNotify,
  useTranslate,
} from 'react-admin';
import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { hasPermission } from '../../../shared/permissions';
import type { FieldMeta } from '../../../shared/meta';
import { useCurrentCompany, useServices } from '../../services';
import { validatorsFor } from '../../generic/validators';
import { describeApiError } from '../../data/errors';
import { enumChoices, fieldLabelKey } from '../../generic/labels';
import { submissionErrors, useGraphQL } from './api';
import { COMPANY_FIELDS, EXCISE_FIELDS, SETTINGS_FIELDS, splitValues, type Values } from './companyValues';
import { ExciseSettings } from './ExciseSettings';
import { setActiveDateSettings } from '../../widgets/dateDisplay';
import { DATE_FORMATS, formatWall, TIME_FORMATS } from '../../../shared/dateTimeSettings';
import { TimeZoneInput } from './TimeZoneInput';

const SAMPLE = { year: 2026, month: 3, day: 5, hour: 15, minute: 5 };

const SETTINGS_SELECTION = ['id', 'doneSetup', ...SETTINGS_FIELDS].join(' ');
const LOAD = `query SettingsCompany { companies { id ${COMPANY_FIELDS.join(' ')} settings { ${SETTINGS_SELECTION} } } }`;
const UPDATE_COMPANY = `mutation SettingsCompanyUpdate($input: CompanyUpdateInput!) { companyUpdate(input: $input) { id ${COMPANY_FIELDS.join(' ')} } }`;
const SET_SETTINGS = `mutation SettingsSet($settings: CompanySettingsInput!) { companySettingsSet(settings: $settings) { ${SETTINGS_SELECTION} } }`;

export function CompanyInfoTab() {
  const translate = useTranslate();
  const notify = useNotify();
  const gql = useGraphQL();
  const company = useCurrentCompany();
  const { entityByName, companies } = useServices();
  const writable = !!company && hasPermission(company.permissions, 'config.write');
  const [locale] = useLocaleState();
  const [record, setRecord] = useState<Values | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    gql<{ companies: (Values & { id: string; settings: Values })[] }>(LOAD).then(
      (data) => {
        const mine = data.companies.find((c) => String(c.id) === company?.id);
        if (!live) return;
        if (!mine) setLoadError('ra.notification.item_doesnt_exist');
        else {
          const { settings, ...rest } = mine;
          setRecord({ ...settings, ...rest, id: rest.id });
        }
      },
      (error: unknown) => live && setLoadError(describeApiError(error).message),
    );
    return () => {
      live = false;
    };
  }, [gql, company?.id]);

  const save = useCallback(
    async (values: Values) => {
      const { company: companyInput, settings } = splitValues(values);
      try {
        await gql(UPDATE_COMPANY, { input: companyInput });
        const answer = await gql<{ companySettingsSet: Values }>(SET_SETTINGS, { settings });
        setRecord({ ...values, ...answer.companySettingsSet, id: values.id });
        // dates and times on every screen follow the new formats and zone at once
        setActiveDateSettings(answer.companySettingsSet);
        notify('app.pages.settings.saved', { type: 'success' });
        // the top bar shows the company's name: load the company list again
        if (companyInput.name !== company?.name) {
          companies.reset();
          void companies.ensureLoaded();
        }
        return undefined;
      } catch (error) {
        return submissionErrors(error, (m) => notify(m, { type: 'error' }));
      }
    },
    [gql, notify, companies, company?.name],
  );

  const companyEntity = entityByName.company;
  const settingsEntity = entityByName.companySettings;
  const field = useCallback(
    (entity: typeof companyEntity, name: string) => {
      const f = entity.fields.find((x) => x.name === name);
      if (!f) return null;
      return renderInput(entity, f, !writable, locale);
    },
    [writable, locale],
  );

  const labelOf = useCallback(
    (name: string) => {
      const f = settingsEntity.fields.find((x) => x.name === name);
      return f ? fieldLabelKey(settingsEntity, f) : name;
    },
    [settingsEntity],
  );

  if (loadError) return <Alert severity="error">{translate(loadError, { _: loadError })}</Alert>;
  if (!record) return <Loading />;
  return (
    <Card>
      <Form record={record} onSubmit={save} warnWhenUnsavedChanges>
        <CardContent>
          <Typography variant="h6" component="h2" gutterBottom>
            {translate('app.pages.settings.company_section')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {COMPANY_FIELDS.map((name) => (
              <Box key={name} sx={name === 'address' ? { gridRow: 'span 2' } : undefined}>
                {field(companyEntity, name)}
              </Box>
            ))}
          </Box>
          <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
            {translate('app.pages.settings.settings_section')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {SETTINGS_FIELDS.filter((name) => !EXCISE_FIELDS.includes(name)).map((name) => (
              <Box key={name}>{field(settingsEntity, name)}</Box>
            ))}
          </Box>
          <Typography variant="h6" component="h2" gutterBottom sx={{ mt: 2 }}>
            {translate('app.pages.settings.excise_section')}
          </Typography>
          <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
            {['exciseAccrual', 'exciseCreateReceipt'].map((name) => (
              <Box key={name}>{field(settingsEntity, name)}</Box>
            ))}
          </Box>
          <ExciseSettings disabled={!writable} labelOf={labelOf} />
        </CardContent>
        {writable ? (
          <Toolbar>
            <SaveButton />
          </Toolbar>
        ) : null}
      </Form>
    </Card>
  );
}

const MONTHS = Array.from({ length: 12 }, (_, i) => i + 1);

function renderInput(entity: Parameters<typeof fieldLabelKey>[0], f: FieldMeta, disabled: boolean, locale: string) {
  const label = fieldLabelKey(entity, f);
  const validate = validatorsFor(f.name === 'name' && entity.name === 'company' ? { ...f, required: true } : f);
  const common = { source: f.name, label, disabled, validate, fullWidth: true, helperText: false as const };
  if (f.name === 'fiscalYearMonth')
    return (
      <SelectInput
        {...common}
        choices={MONTHS.map((n) => ({
          id: n,
          name: new Date(2000, n - 1, 1).toLocaleString(`${locale}-CA`, { month: 'long' }),
        }))}
        translateChoice={false}
      />
    );
  if (f.name === 'dateFormat' || f.name === 'timeFormat')
    return (
      <SelectInput
        {...common}
        // each choice shows a sample day and time (5 March 2026, 3:05 pm) in that format
        choices={(f.name === 'dateFormat' ? DATE_FORMATS : TIME_FORMATS).map((pattern) => ({
          id: pattern,
          name: `${formatWall(SAMPLE, pattern, locale)}  (${pattern})`,
        }))}
        translateChoice={false}
      />
    );
  if (f.name === 'timeZone') return <TimeZoneInput {...common} />;
  if (f.type === 'enum') return <SelectInput {...common} choices={enumChoices(entity, f)} />;
  if (f.type === 'boolean') return <BooleanInput {...common} />;
  if (f.type === 'integer' || f.type === 'decimal') return <NumberInput {...common} step={1} min={f.minimum} />;
  return <TextInput {...common} multiline={f.type === 'text'} minRows={f.type === 'text' ? 3 : undefined} />;
}
