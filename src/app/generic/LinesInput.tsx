// Lines (arrays of objects) in the generic form: an editable grid with add, remove and
// reorder (react-admin's ArrayInput and SimpleFormIterator, one row per line, each input
// validated on its own) and, under it, the totals of the fields the schema marks
// (`field.lines.totals`).
import type { ReactElement } from 'react';
import { ArrayInput, SimpleFormIterator, useTranslate, type Validator } from 'react-admin';
import { useWatch } from 'react-hook-form';
import { Box, Typography } from '@mui/material';
import type { EntityMeta, FieldMeta } from '../../shared/meta';
import { fieldLabelKey } from './labels';
import { formatNumber } from '../widgets/numberRules';
import { lineTotals } from './lines';
import { ScanLines } from '../scanner/ScanLines';

function Totals(props: {
  source: string;
  totals: readonly string[];
  fields: readonly FieldMeta[];
  entity: EntityMeta;
  parent: FieldMeta;
}) {
  const translate = useTranslate();
  const lines = useWatch({ name: props.source });
  const totals = lineTotals(lines, props.totals, props.fields);
  if (totals.length === 0) return null;
  return (
    <Box
      sx={{ display: 'flex', gap: 3, justifyContent: 'flex-end', px: 1, py: 0.5, borderTop: 1, borderColor: 'divider' }}
      data-testid={`${props.source}-totals`}
    >
      {totals.map(({ field, total }) => (
        <Typography key={field.name} variant="body2" component="div">
          {translate('lists.total')} – {translate(fieldLabelKey(props.entity, field, props.parent))}:{' '}
          <strong>
            {formatNumber(total, field.type === 'integer' ? 0 : (field.precision ?? 2))}
            {field.units && field.units !== '$' ? ` ${field.units}` : ''}
          </strong>
        </Typography>
      ))}
    </Box>
  );
}

/** The narrowest a line's input gets: a 3-decimal quantity or a short name stays readable. */
const LINE_INPUT_MIN = '11rem';

export function LinesInput(props: {
  source: string;
  label: string;
  validate?: Validator[];
  readOnly?: boolean;
  disabled?: boolean;
  fields: readonly FieldMeta[];
  totals: readonly string[];
  entity: EntityMeta;
  parent: FieldMeta;
  children: ReactElement[];
}) {
  const locked = !!(props.readOnly || props.disabled);
  return (
    // the grid scrolls inside its own box: a line keeps its inputs on one row at usable widths
    // (each at least LINE_INPUT_MIN) instead of squashing them or widening the page; on a
    // phone the inputs wrap onto several rows instead
    <Box sx={{ width: '100%', minWidth: 0, overflowX: 'auto', contain: 'inline-size' }} data-lines-grid={props.source}>
      <ArrayInput source={props.source} label={props.label} validate={props.validate}>
        <SimpleFormIterator
          inline
          disabled={props.disabled}
          readOnly={props.readOnly}
          disableAdd={locked}
          disableRemove={locked}
          disableReordering={locked}
          disableClear
          sx={{
            '& .RaSimpleFormIterator-line': { borderBottom: 1, borderColor: 'divider', py: 0.5 },
            '& .RaSimpleFormIterator-inline': { flexWrap: { xs: 'wrap', md: 'nowrap' }, columnGap: 1 },
            '& .RaSimpleFormIterator-inline > *': { minWidth: LINE_INPUT_MIN, flex: `1 0 ${LINE_INPUT_MIN}` },
          }}
        >
          {props.children}
        </SimpleFormIterator>
      </ArrayInput>
      {/* a barcode scan adds a line when the lines name a product or an item */}
      <ScanLines source={props.source} fieldNames={props.fields.map((f) => f.name)} disabled={locked} />
      <Totals
        source={props.source}
        totals={props.totals}
        fields={props.fields}
        entity={props.entity}
        parent={props.parent}
      />
    </Box>
  );
}
