// The CSV import wizard of a list (spec 4): 1 upload, 2 map data, 3 defaults (only when the
// schema gives defaults for fields left unmapped), then import, then done. Next from upload
// needs a file and a date format; map needs every mandatory field mapped; done closes the
// dialog and refreshes the list. Loaded as its own chunk when Import is clicked.
import { useMemo, useState } from 'react';
import { useRefresh, useTranslate } from 'react-admin';
import { Button, Dialog, DialogActions, DialogContent, DialogTitle, Step, StepLabel, Stepper } from '@mui/material';
import type { EntityMeta } from '../../../shared/meta';
import { isVisibleField } from '../../access';
import { useCurrentCompany, useServices } from '../../services';
import { fieldLabelKey, resourceNameKey } from '../../generic/labels';
import {
  DEFAULT_DATE_FORMAT,
  autoMap,
  canLeaveUpload,
  columnsOf,
  defaultFields,
  defaultText,
  importFields,
  unmappedMandatory,
  type Mapping,
} from './mapping';
import { CsvFileError, invalidRowsCsv, readHeader } from './stream';
import { useImportRun } from './useImportRun';
import { DefaultsStep, DoneStep, MapStep, ProgressStep, UploadStep } from './ImportSteps';

type StepName = 'upload' | 'map' | 'defaults' | 'import' | 'done';

function saveText(text: string, name: string) {
  const href = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const a = document.createElement('a');
  a.href = href;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

export function ImportWizard({ entity, onClose }: { entity: EntityMeta; onClose: () => void }) {
  const translate = useTranslate();
  const refresh = useRefresh();
  const company = useCurrentCompany();
  const { authFetch } = useServices();
  const fields = useMemo(() => importFields(entity).filter((f) => isVisibleField(f.field, company)), [entity, company]);
  const [step, setStep] = useState<StepName>('upload');
  const [file, setFile] = useState<File | null>(null);
  const [headers, setHeaders] = useState<string[]>([]);
  const [fileError, setFileError] = useState<string | null>(null);
  const [dateFormat, setDateFormat] = useState(DEFAULT_DATE_FORMAT);
  const [mapping, setMapping] = useState<Mapping>({});
  const [defaults, setDefaults] = useState<Record<string, string>>({});
  const { state, start, stop } = useImportRun(authFetch);

  const missing = unmappedMandatory(fields, mapping);
  const withDefaults = defaultFields(fields, mapping);
  const steps: StepName[] = [
    'upload',
    'map',
    ...(withDefaults.length ? (['defaults'] as const) : []),
    'import',
    'done',
  ];
  const label = (f: EntityMeta['fields'][number]) => [translate(fieldLabelKey(entity, f))];

  const onFile = async (chosen: File) => {
    setFile(null);
    setHeaders([]);
    setFileError(null);
    try {
      const header = await readHeader(chosen);
      setFile(chosen);
      setHeaders(header);
      setMapping(autoMap(header, fields, label));
    } catch (error) {
      const e = error instanceof CsvFileError ? error : new CsvFileError('csvImport.error_reading');
      setFileError(translate(e.key, { detail: e.detail }));
    }
  };

  const runImport = () => {
    const given = Object.fromEntries(
      withDefaults.map((f) => [f.field.name, defaults[f.field.name] ?? defaultText(f.field)]),
    );
    setStep('import');
    void start({ entity, file: file!, mapping, columns: columnsOf(mapping, given), defaults: given, dateFormat }).then(
      () => setStep('done'),
    );
  };

  const next = () => {
    if (step === 'upload') setStep('map');
    else if (step === 'map' && withDefaults.length) {
      setDefaults(Object.fromEntries(withDefaults.map((f) => [f.field.name, defaultText(f.field)])));
      setStep('defaults');
    } else runImport();
  };
  const back = () => setStep(step === 'defaults' ? 'map' : 'upload');
  const close = () => {
    if (step === 'done') refresh();
    onClose();
  };

  const failure =
    state.phase === 'failed'
      ? translate('csvImport.import_failed', {
          message:
            state.failure instanceof CsvFileError
              ? translate(state.failure.key, { detail: state.failure.detail })
              : state.failure instanceof Error
                ? state.failure.message
                : String(state.failure),
        })
      : null;

  const nextBlocked =
    (step === 'upload' && !canLeaveUpload(file, dateFormat)) || (step === 'map' && missing.length > 0);

  return (
    <Dialog open onClose={step === 'import' ? undefined : close} maxWidth="md" fullWidth>
      <DialogTitle>
        {translate('csvImport.title', { name: translate(resourceNameKey(entity), { smart_count: 2 }).toLowerCase() })}
      </DialogTitle>
      <DialogContent>
        <Stepper activeStep={steps.indexOf(step)} sx={{ mb: 3 }}>
          {steps.map((s) => (
            <Step key={s}>
              <StepLabel>{translate(`csvImport.step_${s}`)}</StepLabel>
            </Step>
          ))}
        </Stepper>
        {step === 'upload' ? (
          <UploadStep
            fileName={file?.name ?? null}
            columns={headers.length}
            error={fileError}
            needsDates={fields.some((f) => f.date)}
            dateFormat={dateFormat}
            onFile={(f) => void onFile(f)}
            onDateFormat={setDateFormat}
          />
        ) : null}
        {step === 'map' ? (
          <MapStep
            entity={entity}
            fields={fields}
            headers={headers}
            mapping={mapping}
            missing={missing}
            onMap={(name, column) => setMapping((m) => ({ ...m, [name]: column }))}
          />
        ) : null}
        {step === 'defaults' ? (
          <DefaultsStep
            entity={entity}
            fields={withDefaults}
            values={defaults}
            onChange={(name, value) => setDefaults((d) => ({ ...d, [name]: value }))}
          />
        ) : null}
        {step === 'import' ? <ProgressStep state={state} /> : null}
        {step === 'done' ? (
          <DoneStep
            state={state}
            failure={failure}
            onDownload={() =>
              saveText(
                invalidRowsCsv(headers, state.invalid, translate('csvImport.error')),
                `${entity.plural}-errors.csv`,
              )
            }
          />
        ) : null}
      </DialogContent>
      <DialogActions>
        {step === 'import' ? <Button onClick={stop}>{translate('csvImport.stop')}</Button> : null}
        {step === 'map' || step === 'defaults' ? <Button onClick={back}>{translate('csvImport.back')}</Button> : null}
        {step === 'upload' || step === 'map' || step === 'defaults' ? (
          <>
            <Button onClick={close}>{translate('csvImport.cancel')}</Button>
            <Button variant="contained" disabled={nextBlocked} onClick={next}>
              {translate(
                step === 'upload' || (step === 'map' && withDefaults.length) ? 'csvImport.next' : 'csvImport.start',
              )}
            </Button>
          </>
        ) : null}
        {step === 'done' ? (
          <Button variant="contained" onClick={close}>
            {translate('csvImport.close')}
          </Button>
        ) : null}
      </DialogActions>
    </Dialog>
  );
}
