// Multi-level select (spec 5): one select per level, the next level appearing when the chosen
// option has a sub-menu. Required unless no-validation or disabled ('Required'); a parent
// with a sub-menu needs a deeper choice. The value is the path of ids.
import { Box, FormHelperText, MenuItem, TextField } from '@mui/material';
import { useInput, useTranslate } from 'ra-core';
import { multiLevelError, optionsAlong, type LevelOption } from './selectRules';
import { inputError } from './inputError';

export interface MultiLevelFieldProps {
  options: readonly LevelOption[];
  value: readonly string[];
  onChange: (path: string[]) => void;
  label?: string;
  disabled?: boolean;
  error?: boolean;
  helperText?: React.ReactNode;
}

export function MultiLevelField({
  options,
  value,
  onChange,
  label,
  disabled,
  error,
  helperText,
}: MultiLevelFieldProps) {
  const chosen = optionsAlong(options, value);
  const levels: (readonly LevelOption[])[] = [options];
  for (const o of chosen) if (o.children?.length) levels.push(o.children);
  return (
    <Box sx={{ mb: 1 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        {levels.slice(0, chosen.length + 1).map((level, depth) => (
          <TextField
            key={depth}
            select
            size="small"
            label={depth === 0 ? label : ' '}
            value={chosen[depth]?.id ?? ''}
            disabled={disabled}
            error={error && depth === levels.length - 1}
            fullWidth={false}
            sx={{ minWidth: 180 }}
            onChange={(e) => onChange([...chosen.slice(0, depth).map((o) => o.id), e.target.value])}
          >
            {level.map((o) => (
              <MenuItem key={o.id} value={o.id}>
                {o.name}
                {o.children?.length ? ' ›' : ''}
              </MenuItem>
            ))}
          </TextField>
        ))}
      </Box>
      <FormHelperText error={error}>{helperText ?? ' '}</FormHelperText>
    </Box>
  );
}

export function MultiLevelSelectInput(props: {
  source: string;
  label?: string;
  options: readonly LevelOption[];
  noValidation?: boolean;
  disabled?: boolean;
}) {
  const translate = useTranslate();
  const { options, noValidation, disabled } = props;
  const input = useInput({
    source: props.source,
    disabled,
    validate: (value: unknown) =>
      multiLevelError(Array.isArray(value) ? value : [], options, { noValidation, disabled }),
  });
  const shown = inputError(input);
  return (
    <MultiLevelField
      options={options}
      value={Array.isArray(input.field.value) ? input.field.value : []}
      onChange={(path) => {
        input.field.onChange(path);
        input.field.onBlur();
      }}
      label={props.label ? translate(props.label, { _: props.label }) : undefined}
      disabled={disabled}
      error={!!shown}
      helperText={shown}
    />
  );
}
