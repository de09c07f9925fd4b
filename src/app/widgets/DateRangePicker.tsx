// Date-range picker (spec 4 and 9): presets last 30, 60, 90, 365 days; this week, month,
// quarter, year; last week, month, quarter, year; today; yesterday; optional All. Default
// 'Last 30 days'. All switches off when a range is picked and on when the from value is
// cleared; a cleared date shows 'TBD'.
import { Box, MenuItem, TextField } from '@mui/material';
import { useTranslate } from 'ra-core';
import { DateField } from './DateInputs';
import { ALL, DATE_PRESETS, presetOf, rangeReducer, type DatePreset, type RangeState } from './dateRules';

export interface DateRangePickerProps {
  value: RangeState;
  onChange: (value: RangeState) => void;
  /** offers the All choice (no bounds) */
  allowAll?: boolean;
  disabled?: boolean;
  label?: string;
}

const CUSTOM = 'custom';

export function DateRangePicker({ value, onChange, allowAll, disabled, label }: DateRangePickerProps) {
  const translate = useTranslate();
  const preset = value.all ? ALL : (presetOf(value) ?? CUSTOM);
  return (
    <Box
      sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}
      role="group"
      aria-label={label ?? translate('widgets.date.range')}
    >
      <TextField
        select
        size="small"
        fullWidth={false}
        label={label ?? translate('widgets.date.range')}
        value={preset}
        disabled={disabled}
        sx={{ minWidth: 180 }}
        onChange={(e) => {
          const choice = e.target.value;
          if (choice === CUSTOM) return;
          onChange(rangeReducer(value, { type: 'preset', preset: choice as DatePreset | typeof ALL }, allowAll));
        }}
      >
        {allowAll ? <MenuItem value={ALL}>{translate('widgets.date.presets.all')}</MenuItem> : null}
        {DATE_PRESETS.map((p) => (
          <MenuItem key={p} value={p}>
            {translate(`widgets.date.presets.${p}`)}
          </MenuItem>
        ))}
        <MenuItem value={CUSTOM} disabled>
          {translate('widgets.date.custom')}
        </MenuItem>
      </TextField>
      <DateField
        label={translate('widgets.date.from')}
        value={value.from}
        disabled={disabled}
        onChange={(v) => onChange(rangeReducer(value, { type: 'from', value: v }, allowAll))}
      />
      <DateField
        label={translate('widgets.date.to')}
        value={value.to}
        disabled={disabled}
        onChange={(v) => onChange(rangeReducer(value, { type: 'to', value: v }, allowAll))}
      />
    </Box>
  );
}
