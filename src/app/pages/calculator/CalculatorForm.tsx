// The calculator dialog's content. Thin: the mode, the typed texts and which inputs were
// touched live here; every number comes from calculatorModel (OIML R 22, in the browser).
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslate } from 'react-admin';
import {
  Alert,
  Box,
  Button,
  DialogActions,
  DialogContent,
  DialogTitle,
  Table,
  TableBody,
  TableCell,
  TableRow,
  TextField,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
} from '@mui/material';
import {
  allowedQuantity,
  BASES,
  evaluate,
  formatNumber,
  inputsFor,
  isAllowed,
  MESSAGE_KEYS,
  modeLetter,
  OUTPUTS,
  outputTexts,
  QUANTITIES,
  reformat,
  initialValues,
  type Basis,
  type CalculatorValues,
  type FieldName,
  type Message,
  type QuantityKind,
} from './calculatorModel';

const K = 'app.calculator';

function Choice<T extends string>(props: {
  id: string;
  label: string;
  value: T;
  options: readonly T[];
  optionLabel: (o: T) => string;
  disabled?: (o: T) => boolean;
  onChange: (o: T) => void;
}) {
  return (
    <Box sx={{ mb: 1.5 }}>
      <Typography id={props.id} variant="caption" color="text.secondary" component="div" sx={{ mb: 0.5 }}>
        {props.label}
      </Typography>
      <ToggleButtonGroup
        exclusive
        fullWidth
        size="small"
        color="primary"
        value={props.value}
        aria-labelledby={props.id}
        onChange={(_, v: T | null) => v && props.onChange(v)}
      >
        {props.options.map((o) => (
          <ToggleButton key={o} value={o} disabled={props.disabled?.(o)} sx={{ textTransform: 'none' }}>
            {props.optionLabel(o)}
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
    </Box>
  );
}

function Row({ label, value, testId }: { label: ReactNode; value: string; testId: string }) {
  return (
    <TableRow>
      <TableCell component="th" scope="row" sx={{ pl: 0 }}>
        {label}
      </TableCell>
      <TableCell align="right" data-testid={testId} sx={{ pr: 0, fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}>
        {value}
      </TableCell>
    </TableRow>
  );
}

export function CalculatorForm({ onClose }: { onClose: () => void }) {
  const translate = useTranslate();
  const [basis, setBasis] = useState<Basis>('density');
  const [quantity, setQuantity] = useState<QuantityKind>('weight');
  const [values, setValues] = useState<CalculatorValues>(initialValues);
  const [touched, setTouched] = useState<ReadonlySet<FieldName>>(new Set());

  const evaluation = useMemo(() => evaluate(basis, quantity, values), [basis, quantity, values]);
  const texts = outputTexts(evaluation);
  const t = (m: Message) => translate(m.key, m.args);
  // an empty input the user has not reached yet is not shouted at
  const visibleError = (f: FieldName) => (touched.has(f) || values[f] !== '' ? evaluation.errors[f] : undefined);
  const fields = inputsFor(basis, quantity);
  const invalid = [...fields, 'targetAbv' as const].some((f) => visibleError(f));
  const letter = modeLetter(basis, quantity);

  const input = (field: FieldName, helperText?: string) => {
    const error = visibleError(field);
    return (
      <TextField
        key={field}
        id={`calculator-${field}`}
        label={translate(`${K}.field.${field}`)}
        value={values[field]}
        size="small"
        fullWidth
        error={!!error}
        helperText={error ? t(error) : helperText}
        onChange={(e) => setValues((v) => ({ ...v, [field]: e.target.value }))}
        onFocus={(e) => e.target.select()}
        onBlur={() => {
          setTouched((s) => new Set(s).add(field));
          setValues((v) => ({ ...v, [field]: reformat(field, v[field]) }));
        }}
        slotProps={{ htmlInput: { inputMode: 'decimal', autoComplete: 'off', spellCheck: false } }}
      />
    );
  };

  return (
    <>
      <DialogTitle id="alcohol-calculator-title">{translate(`${K}.title`)}</DialogTitle>
      <DialogContent>
        <Choice
          id="calculator-basis"
          label={translate(`${K}.strength_from`)}
          value={basis}
          options={BASES}
          optionLabel={(b) => translate(`${K}.basis.${b}`)}
          onChange={(b) => {
            setBasis(b);
            setQuantity((q) => allowedQuantity(b, q));
          }}
        />
        <Choice
          id="calculator-quantity"
          label={translate(`${K}.quantity_from`)}
          value={quantity}
          options={QUANTITIES}
          optionLabel={(q) => translate(`${K}.quantity.${q}`)}
          disabled={(q) => !isAllowed(basis, q)}
          onChange={setQuantity}
        />
        <Typography variant="body2" sx={{ mb: 2 }} data-testid="calculator-mode">
          <strong>{letter ? translate(`${K}.mode`, { letter }) : translate(`${K}.mode_unlettered`)}</strong>
          {' — '}
          {translate(`${K}.enter.${basis}`)} {translate(`${K}.enter.${quantity}`)}
          {basis === 'abw' ? ` ${translate(`${K}.abw_volume`)}.` : ''}
        </Typography>

        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1.5 }}>
          {basis === 'density' ? (
            <>
              {input('temp')}
              {input('density')}
              <Typography variant="caption" color="text.secondary" sx={{ gridColumn: '1 / -1', mt: -1 }}>
                {translate(`${K}.density_help`)}
              </Typography>
            </>
          ) : (
            <Box sx={{ gridColumn: '1 / -1' }}>{input(basis)}</Box>
          )}
          {quantity === 'weight' ? (
            <>
              {input('gross')}
              {input('tare')}
              {evaluation.netWeight !== undefined ? (
                <Typography variant="body2" sx={{ gridColumn: '1 / -1', mt: -0.5 }} data-testid="calculator-net">
                  {translate(`${K}.net_weight`, { kg: formatNumber(evaluation.netWeight, 3) })}
                </Typography>
              ) : null}
            </>
          ) : (
            <Box sx={{ gridColumn: '1 / -1' }}>{input(quantity)}</Box>
          )}
        </Box>

        {invalid ? (
          <Alert severity="warning" sx={{ mt: 2 }} role="alert">
            {translate(MESSAGE_KEYS.invalidForm)}
          </Alert>
        ) : null}

        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {translate(`${K}.results`)}
        </Typography>
        <Table size="small" aria-label={translate(`${K}.results`)}>
          <TableBody>
            {OUTPUTS.map(({ key }) => (
              <Row key={key} label={translate(`${K}.output.${key}`)} value={texts[key]} testId={`calculator-${key}`} />
            ))}
          </TableBody>
        </Table>

        <Typography variant="subtitle2" component="h3" sx={{ mt: 2 }}>
          {translate(`${K}.reduce.title`)}
        </Typography>
        <Typography variant="caption" color="text.secondary" component="p" sx={{ mb: 1 }}>
          {translate(`${K}.reduce.help`)}
        </Typography>
        {input('targetAbv')}
        {evaluation.reduction ? (
          <Table size="small" aria-label={translate(`${K}.reduce.title`)}>
            <TableBody>
              <Row
                label={translate(`${K}.reduce.water`)}
                value={formatNumber(evaluation.reduction.waterL, 3)}
                testId="calculator-water"
              />
              <Row
                label={translate(`${K}.reduce.water_kg`)}
                value={formatNumber(evaluation.reduction.waterKg, 3)}
                testId="calculator-water-kg"
              />
              <Row
                label={translate(`${K}.reduce.final_volume`)}
                value={formatNumber(evaluation.reduction.finalVolumeL, 3)}
                testId="calculator-final-volume"
              />
            </TableBody>
          </Table>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{translate(`${K}.close`)}</Button>
      </DialogActions>
    </>
  );
}
