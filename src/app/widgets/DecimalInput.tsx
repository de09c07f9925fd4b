// The decimal number input (spec 5): shows the value formatted en-CA with thousands commas
// and `precision` decimals; on focus the contents are selected, on blur reformatted; every
// change is rounded to precision and stored as a number (empty counts as 0, a leading dot
// as a leading zero). Minimum 0 unless `noMinimum`; optional maximum; integer mode keeps
// the 32-bit range ('Out of range'). Currency prefix '$' by default when `currency`.
import { useEffect, useRef, useState, type FocusEvent } from 'react';
import { InputAdornment, TextField, type TextFieldProps } from '@mui/material';
import { useInput, useTranslate, type Validator } from 'ra-core';
import { inputError } from './inputError';
import {
  adornmentsFor,
  formatNumber,
  numberError,
  parseNumberText,
  precisionOf,
  valueOnChange,
  type NumberRuleOptions,
} from './numberRules';

export interface DecimalFieldProps extends NumberRuleOptions {
  value: number | null | undefined;
  onChange: (value: number) => void;
  onBlur?: () => void;
  label?: string;
  units?: string;
  /** true: prefix '$'; a string: that prefix */
  currency?: boolean | string;
  error?: boolean;
  helperText?: TextFieldProps['helperText'];
  disabled?: boolean;
  readOnly?: boolean;
  required?: boolean;
  name?: string;
  id?: string;
  size?: 'small' | 'medium';
  fullWidth?: boolean;
}

/** A controlled decimal field, usable outside react-admin forms. */
export function DecimalField(props: DecimalFieldProps) {
  const precision = precisionOf(props);
  const [focused, setFocused] = useState(false);
  const [text, setText] = useState(() => formatNumber(props.value, precision, props.grouping));
  const last = useRef(props.value);

  // an outside change of the value (reset, another input) shows when not typing
  useEffect(() => {
    if (!focused && props.value !== last.current) {
      last.current = props.value;
      setText(formatNumber(props.value, precision, props.grouping));
    }
  }, [props.value, focused, precision, props.grouping]);
  useEffect(() => {
    if (!focused) setText(formatNumber(last.current, precision, props.grouping));
  }, [precision, focused, props.grouping]);

  const { prefix, suffix } = adornmentsFor(props.units, props.currency);
  return (
    <TextField
      id={props.id}
      name={props.name}
      label={props.label}
      value={text}
      required={props.required}
      error={props.error}
      helperText={props.helperText}
      disabled={props.disabled}
      size={props.size ?? 'small'}
      fullWidth={props.fullWidth}
      onFocus={(e: FocusEvent<HTMLInputElement>) => {
        setFocused(true);
        const target = e.target;
        const before = target.value;
        // select after the browser placed the caret; but not once focus has moved on (select()
        // takes the focus back: a quick Tab would bounce back here) or typing has begun (the
        // first keys would be selected and typed over)
        requestAnimationFrame(() => {
          if (document.activeElement === target && target.value === before) target.select?.();
        });
      }}
      onBlur={() => {
        setFocused(false);
        const n = parseNumberText(text);
        setText(Number.isFinite(n) ? formatNumber(n, precision, props.grouping) : text);
        props.onBlur?.();
      }}
      onChange={(e) => {
        const next = e.target.value;
        setText(next);
        const n = valueOnChange(next, props);
        last.current = n;
        props.onChange(n);
      }}
      slotProps={{
        input: {
          readOnly: props.readOnly,
          startAdornment: prefix ? <InputAdornment position="start">{prefix}</InputAdornment> : undefined,
          endAdornment: suffix ? <InputAdornment position="end">{suffix}</InputAdornment> : undefined,
        },
        htmlInput: { inputMode: props.integer ? 'numeric' : 'decimal', style: { textAlign: 'right' } },
      }}
    />
  );
}

export interface DecimalInputProps extends NumberRuleOptions {
  source: string;
  label?: string;
  units?: string;
  currency?: boolean | string;
  validate?: Validator | Validator[];
  disabled?: boolean;
  readOnly?: boolean;
  defaultValue?: unknown;
  helperText?: string;
}

/** The decimal field as a react-admin input. */
export function DecimalInput(props: DecimalInputProps) {
  const translate = useTranslate();
  const { source, label, validate, disabled, readOnly, defaultValue, units, currency, helperText, ...rules } = props;
  const extra = Array.isArray(validate) ? validate : validate ? [validate] : [];
  const rule: Validator = (value: unknown) => numberError(value, rules);
  const input = useInput({
    source,
    defaultValue,
    validate: [...extra, rule],
    disabled,
    readOnly,
  });
  const { field, isRequired } = input;
  const shown = inputError(input);
  return (
    <DecimalField
      {...rules}
      id={field.name}
      name={field.name}
      value={
        typeof field.value === 'number'
          ? field.value
          : field.value == null || field.value === ''
            ? null
            : Number(field.value)
      }
      onChange={field.onChange}
      onBlur={field.onBlur}
      label={label ? translate(label, { _: label }) : undefined}
      units={units}
      currency={currency}
      required={isRequired}
      disabled={disabled}
      readOnly={readOnly}
      error={!!shown}
      helperText={shown ?? helperText ?? ' '}
    />
  );
}
