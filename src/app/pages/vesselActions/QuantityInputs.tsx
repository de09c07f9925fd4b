// The alcohol calculator widget of the vessel action forms: volume (L at 20 °C), strength
// (% ABV) and LAA side by side; the person types any two and the third follows
// (quantities.ts). In `fromVessel` mode the strength is the vessel's and cannot be typed:
// a volume gives the LAA and an LAA gives the volume. With 'Empty vessel' ticked the volume
// and LAA are the vessel's whole contents.
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { useInput, useTranslate, type Validator } from 'ra-core';
import { Box, Typography } from '@mui/material';
import { DecimalField } from '../../widgets/DecimalInput';
import { inputError } from '../../widgets/inputError';
import type { QuantityMode } from './actions';
import { applyChange, DECIMALS, solve, STRENGTH_MAX, type QuantityField, type Quantities } from './quantities';
import './register';

export const QUANTITY_MESSAGES = {
  positive: 'app.vesselActions.validation.positive',
  strengthRange: 'app.vesselActions.validation.strength_range',
  number: 'app.validation.number',
  required: 'app.validation.required',
} as const;

const msg = (message: string, args: Record<string, unknown> = {}) => ({ message, args });

/** Spec 5: 'Must be > 0' for a negative quantity (and for none where one must move). */
export function volumeRule(options: { positive: boolean; required: boolean }): Validator {
  return (value: unknown) => {
    if (value === null || value === undefined || value === '')
      return options.required ? msg(QUANTITY_MESSAGES.required) : undefined;
    const n = Number(value);
    if (!Number.isFinite(n)) return msg(QUANTITY_MESSAGES.number);
    if (n < 0 || (options.positive && n === 0)) return msg(QUANTITY_MESSAGES.positive);
    return undefined;
  };
}

/** Spec 5: 'Strength must be between 0% and 99%'. */
export const strengthRule: Validator = (value: unknown) => {
  if (value === null || value === undefined || value === '') return msg(QUANTITY_MESSAGES.required);
  const n = Number(value);
  if (!Number.isFinite(n)) return msg(QUANTITY_MESSAGES.number);
  return n < 0 || n > STRENGTH_MAX ? msg(QUANTITY_MESSAGES.strengthRange) : undefined;
};

export interface QuantityInputsProps {
  mode: QuantityMode;
  /** the vessel's strength (fromVessel mode) */
  vesselStrength?: number | null;
  /** the whole contents, used when `emptied` */
  vesselVolume?: number | null;
  vesselLaa?: number | null;
  /** 'Empty vessel' is ticked: volume and LAA are the vessel's */
  emptied?: boolean;
  /** volume and strength measured now (adjust, cask empty) rather than moved */
  measuredLabels?: boolean;
  /** a volume of 0 is refused */
  positive: boolean;
  disabled?: boolean;
}

const number = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null);

export function QuantityInputs(props: QuantityInputsProps) {
  const translate = useTranslate();
  const { setValue, getValues } = useFormContext();
  const pinned = props.mode === 'fromVessel';
  const volume = useInput({
    source: 'volume',
    validate: props.emptied ? [] : [volumeRule({ positive: props.positive, required: true })],
  });
  const strength = useInput({ source: 'strength', validate: pinned ? [] : [strengthRule] });
  const laa = useInput({ source: 'laa' });
  const inputs = { volume, strength, laa };
  // most recent first; nothing typed yet: volume and strength give the LAA
  const recent = useRef<QuantityField[]>(['volume', 'strength']);

  const current = (): Quantities => {
    const [v, s, l] = getValues(['volume', 'strength', 'laa']) as unknown[];
    return { volume: number(v), strength: number(s), laa: number(l) };
  };

  // the vessel's strength (and, when emptying it, its whole contents) fill the form
  useEffect(() => {
    if (!pinned) return;
    const s = number(props.vesselStrength);
    setValue('strength', s);
    if (props.emptied) {
      setValue('volume', number(props.vesselVolume), { shouldDirty: true });
      setValue('laa', number(props.vesselLaa));
    } else {
      const q = { ...current(), strength: s };
      const derived = recent.current[0] === 'laa' ? 'volume' : 'laa';
      setValue(derived, solve(derived, q));
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pinned, props.vesselStrength, props.emptied, props.vesselVolume, props.vesselLaa]);

  const change = (field: QuantityField) => (value: number) => {
    const result = applyChange(current(), recent.current, field, Number.isFinite(value) ? value : null, pinned);
    recent.current = result.recent;
    inputs[field].field.onChange(value);
    if (result.derived !== field)
      setValue(result.derived, result.quantities[result.derived] ?? null, {
        shouldDirty: true,
        shouldValidate: inputs[result.derived].formState.isSubmitted,
      });
  };

  const field = (name: QuantityField, label: string, options: { locked?: boolean } = {}) => {
    const input = inputs[name];
    const shown = inputError(input);
    return (
      <DecimalField
        id={`quantity-${name}`}
        name={name}
        label={translate(label)}
        value={number(input.field.value)}
        onChange={change(name)}
        onBlur={input.field.onBlur}
        precision={DECIMALS[name]}
        noMinimum
        units={name === 'strength' ? '%' : name === 'volume' ? 'L' : undefined}
        readOnly={options.locked}
        disabled={props.disabled}
        required={name === 'volume' || (name === 'strength' && !pinned)}
        error={!!shown}
        helperText={shown ?? ' '}
        fullWidth
      />
    );
  };

  const measured = props.measuredLabels;
  return (
    <Box>
      <Box
        sx={{ display: 'grid', gap: 1, gridTemplateColumns: { xs: '1fr', sm: 'repeat(3, 1fr)' } }}
        role="group"
        aria-label={translate('app.vesselActions.field.quantity')}
      >
        {field('volume', measured ? 'app.vesselActions.field.measured_volume' : 'app.vesselActions.field.volume', {
          locked: props.emptied,
        })}
        {field(
          'strength',
          measured ? 'app.vesselActions.field.measured_strength' : 'app.vesselActions.field.strength',
          { locked: pinned },
        )}
        {field('laa', 'app.vesselActions.field.laa', { locked: props.emptied })}
      </Box>
      <Typography variant="caption" color="text.secondary">
        {translate(pinned ? 'app.vesselActions.help.from_vessel' : 'app.vesselActions.help.measured')}
      </Typography>
    </Box>
  );
}
