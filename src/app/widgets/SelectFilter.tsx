// A filter of a hand-written list: a compact select whose empty choice means "any" (the audit
// log and the excise transactions lists).
import { MenuItem, TextField } from '@mui/material';

export interface SelectFilterProps {
  name: string;
  label: string;
  value: string;
  options: { id: string; name: string }[];
  onChange: (value: string) => void;
  /** the text of the empty choice ("All", "Tous") */
  anyLabel: string;
  minWidth?: number;
}

export function SelectFilter(props: SelectFilterProps) {
  return (
    <TextField
      select
      size="small"
      fullWidth={false}
      label={props.label}
      value={props.value}
      onChange={(e) => props.onChange(e.target.value)}
      sx={{ minWidth: props.minWidth ?? 180 }}
      slotProps={{ htmlInput: { name: props.name }, select: { displayEmpty: true }, inputLabel: { shrink: true } }}
    >
      <MenuItem value="">{props.anyLabel}</MenuItem>
      {props.options.map((o) => (
        <MenuItem key={o.id} value={o.id}>
          {o.name}
        </MenuItem>
      ))}
    </TextField>
  );
}
