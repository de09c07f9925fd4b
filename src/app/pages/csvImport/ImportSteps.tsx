// The wizard's step screens (spec 4: upload, map data, defaults, import, done); ImportWizard
// holds their state and decides when each may move on (./mapping.ts).
import { useTranslate } from 'react-admin';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  LinearProgress,
  MenuItem,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import UploadFileIcon from '@mui/icons-material/UploadFile';
import type { EntityMeta } from '../../../shared/meta';
import { enumValueKey, fieldLabelKey } from '../../generic/labels';
import { DATE_FORMATS, type ImportField, type Mapping } from './mapping';
import type { RunState } from './useImportRun';

/** Rows with errors shown in the done step; all of them are in the download. */
const SHOWN_INVALID = 100;

export function UploadStep(props: {
  fileName: string | null;
  columns: number;
  error: string | null;
  needsDates: boolean;
  dateFormat: string;
  onFile: (file: File) => void;
  onDateFormat: (format: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2">{translate('csvImport.file_hint')}</Typography>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
        <Button component="label" variant="outlined" startIcon={<UploadFileIcon />}>
          {translate('csvImport.choose_file')}
          <input
            hidden
            type="file"
            accept=".csv,text/csv"
            data-testid="csv-import-file"
            onChange={(e) => {
              const file = e.target.files?.[0];
              if (file) props.onFile(file);
              e.target.value = '';
            }}
          />
        </Button>
        {props.fileName ? (
          <Typography variant="body2">
            {props.fileName}
            {props.columns ? ` — ${translate('csvImport.columns_found', { smart_count: props.columns })}` : ''}
          </Typography>
        ) : null}
      </Box>
      {props.error ? <Alert severity="error">{props.error}</Alert> : null}
      {props.needsDates ? (
        <Autocomplete
          freeSolo
          options={DATE_FORMATS}
          value={props.dateFormat}
          onInputChange={(_e, value) => props.onDateFormat(value)}
          renderInput={(params) => (
            <TextField
              {...params}
              required
              label={translate('csvImport.date_format')}
              helperText={translate('csvImport.date_format_hint')}
            />
          )}
        />
      ) : null}
    </Box>
  );
}

export function MapStep(props: {
  entity: EntityMeta;
  fields: ImportField[];
  headers: string[];
  mapping: Mapping;
  missing: string[];
  onMap: (field: string, column: number | null) => void;
}) {
  const translate = useTranslate();
  const label = (name: string) =>
    translate(fieldLabelKey(props.entity, props.fields.find((f) => f.field.name === name)!.field));
  return (
    <Box>
      <Table size="small">
        <TableHead>
          <TableRow>
            <TableCell>{translate('csvImport.field')}</TableCell>
            <TableCell>{translate('csvImport.column')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {props.fields.map(({ field, mandatory }) => (
            <TableRow key={field.name}>
              <TableCell>
                {translate(fieldLabelKey(props.entity, field))}
                {mandatory ? ` (${translate('csvImport.mandatory')})` : ''}
              </TableCell>
              <TableCell>
                <TextField
                  select
                  size="small"
                  fullWidth
                  value={props.mapping[field.name] ?? ''}
                  onChange={(e) => props.onMap(field.name, e.target.value === '' ? null : Number(e.target.value))}
                  slotProps={{
                    htmlInput: { 'aria-label': translate(fieldLabelKey(props.entity, field)) },
                    // an unmapped field says so rather than showing an empty box
                    select: { displayEmpty: true },
                  }}
                  error={mandatory && props.mapping[field.name] == null}
                >
                  <MenuItem value="">{translate('csvImport.not_imported')}</MenuItem>
                  {props.headers.map((h, i) => (
                    <MenuItem key={i} value={i}>
                      {h || `#${i + 1}`}
                    </MenuItem>
                  ))}
                </TextField>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      {props.missing.length ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {translate('csvImport.missing_mandatory', { fields: props.missing.map(label).join(', ') })}
        </Alert>
      ) : null}
    </Box>
  );
}

export function DefaultsStep(props: {
  entity: EntityMeta;
  fields: ImportField[];
  values: Record<string, string>;
  onChange: (field: string, value: string) => void;
}) {
  const translate = useTranslate();
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography variant="body2">{translate('csvImport.defaults_hint')}</Typography>
      {props.fields.map(({ field }) => {
        const choices =
          field.type === 'enum'
            ? (field.values ?? []).map((v) => ({ id: v, name: translate(enumValueKey(props.entity, field, v)) }))
            : field.type === 'boolean'
              ? [
                  { id: 'true', name: translate('ra.boolean.true') },
                  { id: 'false', name: translate('ra.boolean.false') },
                ]
              : null;
        return (
          <TextField
            key={field.name}
            select={choices !== null}
            label={translate(fieldLabelKey(props.entity, field))}
            value={props.values[field.name] ?? ''}
            onChange={(e) => props.onChange(field.name, e.target.value)}
          >
            {choices?.map((c) => (
              <MenuItem key={c.id} value={c.id}>
                {c.name}
              </MenuItem>
            ))}
          </TextField>
        );
      })}
    </Box>
  );
}

export function ProgressStep({ state }: { state: RunState }) {
  const translate = useTranslate();
  const percent = Math.round(state.share * 100);
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      <Typography>{translate('csvImport.importing', { percent })}</Typography>
      <LinearProgress variant="determinate" value={percent} aria-label={translate('csvImport.step_import')} />
      <Typography variant="body2" data-testid="csv-import-progress">
        {translate('csvImport.progress', { imported: state.imported, failed: state.invalid.length })}
      </Typography>
    </Box>
  );
}

export function DoneStep({
  state,
  failure,
  onDownload,
}: {
  state: RunState;
  failure: string | null;
  onDownload: () => void;
}) {
  const translate = useTranslate();
  const { invalid } = state;
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', gap: 2 }}>
      {failure ? <Alert severity="error">{failure}</Alert> : null}
      {state.phase === 'stopped' ? <Alert severity="info">{translate('csvImport.stopped')}</Alert> : null}
      <Typography data-testid="csv-import-summary">
        {invalid.length || state.phase !== 'done'
          ? translate('csvImport.done_summary', { imported: state.imported, failed: invalid.length })
          : `${translate('csvImport.done_summary', { imported: state.imported, failed: 0 })} ${translate('csvImport.done_all')}`}
      </Typography>
      {invalid.length ? (
        <>
          <Typography variant="subtitle2">{translate('csvImport.invalid_rows')}</Typography>
          <Table size="small" data-testid="csv-import-invalid">
            <TableHead>
              <TableRow>
                <TableCell>{translate('csvImport.row')}</TableCell>
                <TableCell>{translate('csvImport.error')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {invalid.slice(0, SHOWN_INVALID).map((r) => (
                <TableRow key={r.row}>
                  <TableCell>{r.row}</TableCell>
                  <TableCell>{r.error}</TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {invalid.length > SHOWN_INVALID ? (
            <Typography variant="body2">
              {translate('csvImport.more_rows', { smart_count: invalid.length - SHOWN_INVALID })}
            </Typography>
          ) : null}
          <Typography variant="body2">{translate('csvImport.fix_hint')}</Typography>
          <Box>
            <Button variant="outlined" onClick={onDownload}>
              {translate('csvImport.download_invalid')}
            </Button>
          </Box>
        </>
      ) : null}
    </Box>
  );
}
