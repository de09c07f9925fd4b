// Date and date/time pickers (spec 9): dates typed or picked in the company's date format
// (yyyy-MM-dd by default; ISO is always accepted), times on its clock (12-hour with am/pm, or
// 24-hour) and in its time zone (issue 10, point 19; widgets/dateDisplay.ts). Plain MUI inputs: a text field with a calendar button (the
// browser's own calendar through a hidden native date input), and hour, minute and am/pm
// selects. A cleared date shows 'TBD' as its placeholder.
import { useEffect, useRef, useState } from 'react';
import { Box, IconButton, InputAdornment, MenuItem, TextField, type TextFieldProps } from '@mui/material';
import CalendarIcon from '@mui/icons-material/CalendarMonth';
import { useInput, useTranslate, type Validator } from 'ra-core';
import { from12h, isDateText, joinDateTime, splitDateTime, TBD, to12h, type Meridiem } from './dateRules';
import { readDay, showDay, uses24h } from './dateDisplay';
import { inputError } from './inputError';

export const INVALID_DATE = { message: 'widgets.date.invalid', args: {} };

export interface DateFieldProps {
  value: string | null | undefined;
  onChange: (value: string | null) => void;
  onBlur?: () => void;
  label?: string;
  error?: boolean;
  helperText?: TextFieldProps['helperText'];
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  id?: string;
  name?: string;
}

/** A controlled day field: the value is yyyy-MM-dd, the text the company's format; invalid
 * text is kept in the field and reported as is. */
export function DateField(props: DateFieldProps) {
  const translate = useTranslate();
  const [text, setText] = useState(showDay(props.value));
  const native = useRef<HTMLInputElement>(null);
  useEffect(() => {
    // a new value from outside replaces the text unless the text already says that day
    setText((current) =>
      readDay(current) === (props.value ?? null) && current !== '' ? current : showDay(props.value),
    );
  }, [props.value]);
  const invalid = text !== '' && readDay(text) === null;
  const locked = props.disabled || props.readOnly;
  return (
    <Box sx={{ position: 'relative', display: 'inline-flex' }}>
      <TextField
        id={props.id}
        name={props.name}
        label={props.label}
        value={text}
        size="small"
        required={props.required}
        disabled={props.disabled}
        placeholder={TBD}
        error={props.error || invalid}
        helperText={invalid && !props.error ? translate(INVALID_DATE.message) : props.helperText}
        onBlur={props.onBlur}
        onChange={(e) => {
          const next = e.target.value;
          setText(next);
          const day = readDay(next);
          if (next.trim() === '') props.onChange(null);
          else if (day) props.onChange(day);
        }}
        slotProps={{
          inputLabel: { shrink: true },
          htmlInput: { 'aria-describedby': undefined, style: { width: '11ch' } },
          input: {
            readOnly: props.readOnly,
            endAdornment: locked ? undefined : (
              <InputAdornment position="end">
                <IconButton
                  size="small"
                  edge="end"
                  aria-label={translate('widgets.date.open_calendar')}
                  onClick={() => {
                    const el = native.current;
                    if (!el) return;
                    el.value = readDay(text) ?? '';
                    if (typeof el.showPicker === 'function') el.showPicker();
                    else el.click();
                  }}
                >
                  <CalendarIcon fontSize="small" />
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <input
        ref={native}
        type="date"
        tabIndex={-1}
        aria-hidden
        style={{ position: 'absolute', left: 0, bottom: 0, width: 1, height: 1, opacity: 0, pointerEvents: 'none' }}
        onChange={(e) => {
          const next = e.target.value;
          setText(showDay(next));
          props.onChange(next || null);
        }}
      />
    </Box>
  );
}

/** The same props as a date field, the value being an ISO date-time. */
export type DateTimeFieldProps = Omit<DateFieldProps, 'name'>;

const HOURS = Array.from({ length: 12 }, (_, i) => i + 1);
const HOURS_24 = Array.from({ length: 24 }, (_, i) => i);
const MINUTES = Array.from({ length: 60 }, (_, i) => i);

/** A controlled date/time pair: a day and a time on the company's clock and zone; value is ISO. */
export function DateTimeField(props: DateTimeFieldProps) {
  const translate = useTranslate();
  const parts = splitDateTime(props.value);
  const [date, setDate] = useState<string | null>(parts?.date ?? null);
  const hour = parts?.hour ?? 12;
  const minute = parts?.minute ?? 0;
  const meridiem: Meridiem = parts?.meridiem ?? 'am';
  // the company's time format decides the clock: 'HH:mm' is a 24-hour one
  const h24 = uses24h();
  useEffect(() => {
    const p = splitDateTime(props.value);
    if (p) setDate(p.date);
  }, [props.value]);

  const emit = (d: string | null, h: number, m: number, mer: Meridiem) => {
    if (!d) return props.onChange(null);
    props.onChange(joinDateTime(d, h, m, mer));
  };
  const select = (
    label: string,
    value: string | number,
    values: (string | number)[],
    on: (v: string) => void,
    show?: (v: string | number) => string,
  ) => (
    <TextField
      select
      size="small"
      label={label}
      value={value}
      disabled={props.disabled || !date}
      onChange={(e) => on(e.target.value)}
      slotProps={{ input: { readOnly: props.readOnly } }}
      fullWidth={false}
      sx={{ width: 88, flex: '0 0 auto' }}
    >
      {values.map((v) => (
        <MenuItem key={v} value={v}>
          {show ? show(v) : v}
        </MenuItem>
      ))}
    </TextField>
  );
  return (
    <Box
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      role="group"
      aria-label={props.label}
    >
      <DateField
        id={props.id}
        label={props.label}
        value={date}
        required={props.required}
        disabled={props.disabled}
        readOnly={props.readOnly}
        error={props.error}
        helperText={props.helperText}
        onBlur={props.onBlur}
        onChange={(d) => {
          setDate(d);
          emit(d, hour, minute, meridiem);
        }}
      />
      {h24
        ? select(
            translate('widgets.date.hour'),
            from12h(hour, meridiem),
            HOURS_24,
            (v) => {
              const twelve = to12h(Number(v));
              emit(date, twelve.hour, minute, twelve.meridiem);
            },
            (v) => String(v).padStart(2, '0'),
          )
        : select(translate('widgets.date.hour'), hour, HOURS, (v) => emit(date, Number(v), minute, meridiem))}
      {select(
        translate('widgets.date.minute'),
        minute,
        MINUTES,
        (v) => emit(date, hour, Number(v), meridiem),
        (v) => String(v).padStart(2, '0'),
      )}
      {h24
        ? null
        : select(
            translate('widgets.date.meridiem'),
            meridiem,
            ['am', 'pm'],
            (v) => emit(date, hour, minute, v as Meridiem),
            (v) => translate(`widgets.date.${v}`),
          )}
    </Box>
  );
}

interface PickerInputProps {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  disabled?: boolean;
  readOnly?: boolean;
  defaultValue?: unknown;
}

const asList = (v?: Validator | Validator[]) => (Array.isArray(v) ? v : v ? [v] : []);
const dateRule: Validator = (value: unknown) =>
  typeof value === 'string' && value !== '' && !isDateText(value) ? INVALID_DATE : undefined;

/** yyyy-MM-dd date as a react-admin input. */
export function DatePickerInput(props: PickerInputProps) {
  const translate = useTranslate();
  const input = useInput({ ...props, validate: [...asList(props.validate), dateRule] });
  const shown = inputError(input);
  return (
    <Box sx={{ mb: 1 }}>
      <DateField
        id={input.id}
        name={input.field.name}
        value={typeof input.field.value === 'string' ? input.field.value.slice(0, 10) : null}
        onChange={input.field.onChange}
        onBlur={input.field.onBlur}
        label={props.label ? translate(props.label, { _: props.label }) : undefined}
        required={input.isRequired}
        disabled={props.disabled}
        readOnly={props.readOnly}
        error={!!shown}
        helperText={shown ?? ' '}
      />
    </Box>
  );
}

/** ISO date-time with a 12-hour clock as a react-admin input. */
export function DateTimePickerInput(props: PickerInputProps) {
  const translate = useTranslate();
  const input = useInput({ ...props, validate: asList(props.validate) });
  const shown = inputError(input);
  return (
    <Box sx={{ mb: 1 }}>
      <DateTimeField
        id={input.id}
        value={typeof input.field.value === 'string' ? input.field.value : null}
        onChange={input.field.onChange}
        onBlur={input.field.onBlur}
        label={props.label ? translate(props.label, { _: props.label }) : undefined}
        required={input.isRequired}
        disabled={props.disabled}
        readOnly={props.readOnly}
        error={!!shown}
        helperText={shown ?? ' '}
      />
    </Box>
  );
}
