// The field-type registry: for every FieldType of src/shared/meta.ts, the list column, the
// form input and the filter inputs. `satisfies Record<FieldType, …>` makes a new field type
// fail to compile until it is handled here.
import type { ReactElement } from 'react';
import {
  AutocompleteInput,
  BooleanField,
  BooleanInput,
  DataTable,
  DateInput,
  EmailField,
  NumberInput,
  ReferenceInput,
  SelectField,
  SelectInput,
  TextArrayField,
  TextArrayInput,
  TextField,
  TextInput,
  useLocaleState,
} from 'react-admin';
import type { EntityMeta, FieldMeta, FieldType } from '../../shared/meta';
import { enumChoices, fieldLabelKey } from './labels';
import { validatorsFor } from './validators';
import { GTE_SUFFIX, LTE_SUFFIX } from '../data/filters';
import { DecimalInput } from '../widgets/DecimalInput';
import { DurationInput } from '../widgets/DurationInput';
import { DatePickerInput, DateTimePickerInput } from '../widgets/DateInputs';
import { formatDateTime } from '../widgets/dateRules';
import { showDay } from '../widgets/dateDisplay';
import { ClientRefInput, clientListOf } from '../clientLists/ClientRefInput';
import { LinesInput } from './LinesInput';
import { formatFieldNumber, isPlainInteger, isStrength } from './numberDisplay';

export interface FieldContext {
  entity: EntityMeta;
  field: FieldMeta;
  /** set for the fields of a line: the parent lines field */
  parent?: FieldMeta;
  /** entity metadata by name, for ref targets */
  entityByName: Record<string, EntityMeta>;
  /** the value is preset (by the path) and submitted, but cannot be changed */
  readOnly?: boolean;
  /** the input is shown disabled: a server-filled field, or a user without write access */
  disabled?: boolean;
  /** translate, for labels composed at render time (filters) */
  translate: (key: string, options?: Record<string, unknown>) => string;
  /** fields of lines shown by the lines input: decides needsValues inside lines */
  isVisible?: (field: FieldMeta) => boolean;
}

export interface FieldTypeUi {
  /** a DataTable column (a DataTable.Col element) */
  column: (ctx: FieldContext) => ReactElement;
  /** the form input; `source` is relative inside lines */
  input: (ctx: FieldContext) => ReactElement;
  /** zero or more filter inputs (keys: field name, or <name>_gte / <name>_lte) */
  filters: (ctx: FieldContext) => ReactElement[];
}

const label = (ctx: FieldContext) => fieldLabelKey(ctx.entity, ctx.field, ctx.parent);
const common = (ctx: FieldContext) => ({
  key: ctx.field.name,
  source: ctx.field.name,
  label: label(ctx),
  validate: validatorsFor(ctx.field),
  readOnly: ctx.readOnly,
  disabled: ctx.disabled,
  defaultValue: ctx.parent ? ctx.field.default : undefined,
});

/** Duration fields (units 'min') use the duration picker. */
export const isDuration = (field: FieldMeta) => field.units === 'min' && field.type === 'integer';

/** The decimal input of a number field: its precision, units, minimum and maximum. */
const numberInput = (ctx: FieldContext, integer: boolean) => {
  const { validate: _v, ...props } = common(ctx);
  return (
    <DecimalInput
      {...props}
      validate={validatorsFor(ctx.field, { numbers: false })}
      integer={integer}
      precision={integer ? 0 : (ctx.field.precision ?? 2)}
      grouping={!isPlainInteger(ctx.field)}
      strength={isStrength(ctx.field)}
      min={ctx.field.minimum}
      max={ctx.field.maximum}
      units={ctx.field.units}
    />
  );
};

const rangeFilters = (ctx: FieldContext, Input: typeof NumberInput | typeof DateInput): ReactElement[] => {
  const name = ctx.translate(label(ctx));
  return [
    <Input
      key={`${ctx.field.name}${GTE_SUFFIX}`}
      source={`${ctx.field.name}${GTE_SUFFIX}`}
      label={ctx.translate('app.list.from', { field: name })}
    />,
    <Input
      key={`${ctx.field.name}${LTE_SUFFIX}`}
      source={`${ctx.field.name}${LTE_SUFFIX}`}
      label={ctx.translate('app.list.to', { field: name })}
    />,
  ];
};

const textFilter = (ctx: FieldContext) => [
  <TextInput key={ctx.field.name} source={ctx.field.name} label={label(ctx)} />,
];

const refTarget = (ctx: FieldContext): EntityMeta | undefined => {
  const target = ctx.field.ref ? ctx.entityByName[ctx.field.ref] : undefined;
  return target?.crud ? target : undefined;
};

const col = (ctx: FieldContext, props: Record<string, unknown> = {}) => (
  <DataTable.Col key={ctx.field.name} source={ctx.field.name} label={label(ctx)} {...props} />
);

/** A number as the app's locale writes it; years, ids and codes ungrouped (numberDisplay.ts). */
function NumberText({ value, field }: { value: unknown; field: FieldMeta }) {
  const [locale] = useLocaleState();
  return <>{formatFieldNumber(value, field, locale)}</>;
}

const numberCol = (ctx: FieldContext) =>
  col(ctx, {
    align: 'right',
    render: (record: Record<string, unknown>) => <NumberText value={record[ctx.field.name]} field={ctx.field} />,
  });

export const fieldTypes = {
  string: {
    column: (ctx) => col(ctx, { field: ctx.field.format === 'email' ? EmailField : TextField }),
    // never type="email": the browser's own check would block the spec's 'Invalid e-mail'
    // message and refuse comma-separated lists, which the spec allows
    input: (ctx) => <TextInput {...common(ctx)} type="text" />,
    filters: textFilter,
  },
  text: {
    column: (ctx) =>
      col(ctx, {
        render: (record: Record<string, unknown>) => {
          const text = String(record[ctx.field.name] ?? '');
          return text.length > 80 ? `${text.slice(0, 79)}…` : text;
        },
      }),
    input: (ctx) => <TextInput {...common(ctx)} multiline minRows={3} />,
    filters: textFilter,
  },
  integer: {
    column: (ctx) => numberCol(ctx),
    input: (ctx) => {
      if (!isDuration(ctx.field)) return numberInput(ctx, true);
      const { validate: _v, ...props } = common(ctx);
      return <DurationInput {...props} validate={validatorsFor(ctx.field, { numbers: false })} />;
    },
    filters: (ctx) => rangeFilters(ctx, NumberInput),
  },
  decimal: {
    column: (ctx) => numberCol(ctx),
    input: (ctx) => numberInput(ctx, false),
    filters: (ctx) => rangeFilters(ctx, NumberInput),
  },
  boolean: {
    column: (ctx) => col(ctx, { field: BooleanField }),
    input: (ctx) => <BooleanInput {...common(ctx)} />,
    filters: (ctx) => [
      <SelectInput
        key={ctx.field.name}
        source={ctx.field.name}
        label={label(ctx)}
        choices={[
          { id: 'true', name: 'ra.boolean.true' },
          { id: 'false', name: 'ra.boolean.false' },
        ]}
      />,
    ],
  },
  date: {
    // a day: shown in the company's date format, no time zone shift
    column: (ctx) => col(ctx, { render: (record: Record<string, unknown>) => showDay(record[ctx.field.name]) }),
    input: (ctx) => <DatePickerInput {...common(ctx)} />,
    filters: (ctx) => rangeFilters(ctx, DateInput),
  },
  datetime: {
    // the company's date and time formats, in its time zone
    column: (ctx) =>
      col(ctx, {
        render: (record: Record<string, unknown>) => formatDateTime(record[ctx.field.name] as string | null),
      }),
    input: (ctx) => <DateTimePickerInput {...common(ctx)} />,
    filters: (ctx) => rangeFilters(ctx, DateInput),
  },
  enum: {
    column: (ctx) =>
      col(ctx, {
        children: <SelectField source={ctx.field.name} choices={enumChoices(ctx.entity, ctx.field, ctx.parent)} />,
      }),
    input: (ctx) => <SelectInput {...common(ctx)} choices={enumChoices(ctx.entity, ctx.field, ctx.parent)} />,
    filters: (ctx) => [
      <SelectInput
        key={ctx.field.name}
        source={ctx.field.name}
        label={label(ctx)}
        choices={enumChoices(ctx.entity, ctx.field)}
      />,
    ],
  },
  ref: {
    column: (ctx) => {
      const target = ctx.field.ref ? ctx.entityByName[ctx.field.ref] : undefined;
      return col(ctx, { children: <TextField source={`${ctx.field.name}.${target?.titleField ?? 'id'}`} /> });
    },
    input: (ctx) => {
      const target = refTarget(ctx);
      const { key, validate, readOnly, disabled } = common(ctx);
      // the record holds the reference as { id, <title> }; the form edits its id
      const source = `${ctx.field.name}.id`;
      const clientList = target ? clientListOf(target) : undefined;
      if (target && clientList)
        return (
          <ClientRefInput
            key={key}
            source={source}
            label={label(ctx)}
            list={clientList}
            target={target}
            filter={ctx.field.refFilter}
            validate={validate}
            readOnly={readOnly}
            disabled={disabled}
          />
        );
      if (!target)
        return (
          <TextInput
            key={key}
            source={source}
            label={label(ctx)}
            validate={validate}
            readOnly={readOnly}
            disabled={disabled}
          />
        );
      return (
        <ReferenceInput
          key={key}
          source={source}
          reference={target.plural}
          filter={ctx.field.refFilter ?? {}}
          sort={{ field: target.titleField, order: 'ASC' }}
        >
          <AutocompleteInput
            label={label(ctx)}
            optionText={target.titleField}
            validate={validate}
            readOnly={readOnly}
            disabled={disabled}
            filterToQuery={(q: string) => ({ q })}
          />
        </ReferenceInput>
      );
    },
    filters: (ctx) => {
      const target = refTarget(ctx);
      if (!target) return textFilter(ctx);
      return [
        <ReferenceInput
          key={ctx.field.name}
          source={ctx.field.name}
          reference={target.plural}
          filter={ctx.field.refFilter ?? {}}
          sort={{ field: target.titleField, order: 'ASC' }}
        >
          <AutocompleteInput label={label(ctx)} optionText={target.titleField} filterToQuery={(q: string) => ({ q })} />
        </ReferenceInput>,
      ];
    },
  },
  stringList: {
    column: (ctx) => col(ctx, { children: <TextArrayField source={ctx.field.name} /> }),
    input: (ctx) => {
      const { defaultValue, ...props } = common(ctx);
      return <TextArrayInput {...props} defaultValue={Array.isArray(defaultValue) ? defaultValue : undefined} />;
    },
    filters: textFilter,
  },
  lines: {
    column: (ctx) =>
      col(ctx, {
        disableSort: true,
        render: (record: Record<string, unknown>) => {
          const lines = record[ctx.field.name];
          return ctx.translate('app.list.lines', { smart_count: Array.isArray(lines) ? lines.length : 0 });
        },
      }),
    input: (ctx) => {
      const lineFields = (ctx.field.lines?.fields ?? []).filter(
        (f) => !f.internal && (ctx.isVisible?.(f) ?? true) && f.type !== 'lines',
      );
      return (
        <LinesInput
          key={ctx.field.name}
          source={ctx.field.name}
          label={label(ctx)}
          validate={validatorsFor(ctx.field)}
          readOnly={ctx.readOnly}
          disabled={ctx.disabled}
          fields={lineFields}
          totals={ctx.field.lines?.totals ?? []}
          entity={ctx.entity}
          parent={ctx.field}
        >
          {lineFields.map((lineField) =>
            fieldTypes[lineField.type].input({
              ...ctx,
              field: lineField,
              parent: ctx.field,
              disabled: ctx.disabled || !!lineField.readOnly,
            }),
          )}
        </LinesInput>
      );
    },
    filters: () => [],
  },
} satisfies Record<FieldType, FieldTypeUi>;
