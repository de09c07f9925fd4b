// Duration picker (spec 5): days 0 to 30, hours 0 to 24, minutes 0 to 59, stored as total
// minutes.
import { useEffect, useState } from 'react';
import { Box, FormHelperText, FormLabel, TextField } from '@mui/material';
import { useInput, useTranslate, type Validator } from 'ra-core';
import {
  DURATION_LIMITS,
  durationPartError,
  parsePart,
  splitMinutes,
  totalMinutes,
  type DurationPart,
  type DurationParts,
} from './durationRules';
import { inputError } from './inputError';

const PARTS: DurationPart[] = ['days', 'hours', 'minutes'];

export interface DurationFieldProps {
  value: number | null | undefined;
  onChange: (minutes: number) => void;
  onBlur?: () => void;
  label?: string;
  disabled?: boolean;
  readOnly?: boolean;
  error?: boolean;
  helperText?: React.ReactNode;
}

export function DurationField(props: DurationFieldProps) {
  const translate = useTranslate();
  const [texts, setTexts] = useState<Record<DurationPart, string>>(() => toTexts(splitMinutes(props.value)));
  useEffect(() => {
    setTexts((current) => {
      const shown = partsOf(current);
      return shown && totalMinutes(shown) === (props.value ?? 0) ? current : toTexts(splitMinutes(props.value));
    });
  }, [props.value]);
  const errors = PARTS.map((p) => [p, durationPartError(p, parsePart(texts[p]))] as const).filter(([, e]) => e);
  return (
    <Box component="fieldset" sx={{ border: 0, p: 0, m: 0, mb: 1 }}>
      {props.label ? (
        <FormLabel component="legend" sx={{ fontSize: '0.8rem' }}>
          {props.label}
        </FormLabel>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1 }}>
        {PARTS.map((part) => {
          const error = errors.find(([p]) => p === part)?.[1];
          return (
            <TextField
              key={part}
              size="small"
              type="number"
              label={translate(`widgets.duration.${part}`)}
              value={texts[part]}
              disabled={props.disabled}
              error={!!error || props.error}
              helperText={error ? translate(error.message, error.args) : undefined}
              onBlur={props.onBlur}
              onFocus={(e) => e.target.select()}
              onChange={(e) => {
                const next = { ...texts, [part]: e.target.value };
                setTexts(next);
                const parts = partsOf(next);
                if (parts) props.onChange(totalMinutes(parts));
              }}
              slotProps={{
                input: { readOnly: props.readOnly },
                htmlInput: { min: DURATION_LIMITS[part].min, max: DURATION_LIMITS[part].max, step: 1 },
              }}
              fullWidth={false}
              sx={{ width: 110, flex: '0 0 auto' }}
            />
          );
        })}
      </Box>
      {props.helperText ? <FormHelperText error={props.error}>{props.helperText}</FormHelperText> : null}
    </Box>
  );
}

const toTexts = (p: DurationParts): Record<DurationPart, string> => ({
  days: String(p.days),
  hours: String(p.hours),
  minutes: String(p.minutes),
});

/** The parts when every one is valid, else null. */
function partsOf(texts: Record<DurationPart, string>): DurationParts | null {
  const parts = { days: parsePart(texts.days), hours: parsePart(texts.hours), minutes: parsePart(texts.minutes) };
  return PARTS.every((p) => !durationPartError(p, parts[p])) ? parts : null;
}

export function DurationInput(props: {
  source: string;
  label?: string;
  validate?: Validator | Validator[];
  disabled?: boolean;
  readOnly?: boolean;
  defaultValue?: unknown;
}) {
  const translate = useTranslate();
  const input = useInput(props);
  const shown = inputError(input);
  return (
    <DurationField
      value={typeof input.field.value === 'number' ? input.field.value : null}
      onChange={input.field.onChange}
      onBlur={input.field.onBlur}
      label={props.label ? translate(props.label, { _: props.label }) : undefined}
      disabled={props.disabled}
      readOnly={props.readOnly}
      error={!!shown}
      helperText={shown}
    />
  );
}
