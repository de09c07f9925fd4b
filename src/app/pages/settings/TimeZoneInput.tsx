// The company's time zone as a choice (issue 10, point 19): Canada's zones first, then every
// other zone the browser knows; the server accepts only a real zone name.
import { useMemo } from 'react';
import { AutocompleteInput, useInput, type Validator } from 'react-admin';

/** Canada's zones, east to west, and UTC. */
const CANADA = [
  'America/St_Johns',
  'America/Halifax',
  'America/Moncton',
  'America/Goose_Bay',
  'America/Toronto',
  'America/Iqaluit',
  'America/Winnipeg',
  'America/Rankin_Inlet',
  'America/Regina',
  'America/Edmonton',
  'America/Cambridge_Bay',
  'America/Inuvik',
  'America/Whitehorse',
  'America/Dawson_Creek',
  'America/Vancouver',
  'UTC',
];

interface Props {
  source: string;
  label: string;
  disabled: boolean;
  validate?: Validator | Validator[];
  fullWidth?: boolean;
}

export function TimeZoneInput(props: Props) {
  const { field } = useInput({ source: props.source });
  const current = typeof field.value === 'string' ? field.value : '';
  const choices = useMemo(() => {
    const all = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
    const names = [...new Set([...CANADA, ...all, ...(current ? [current] : [])])];
    return names.map((name) => ({ id: name, name: name.replace(/_/g, ' ') }));
  }, [current]);
  return (
    <AutocompleteInput
      source={props.source}
      label={props.label}
      disabled={props.disabled}
      validate={props.validate}
      fullWidth={props.fullWidth}
      helperText={false}
      choices={choices}
      translateChoice={false}
      disableClearable
    />
  );
}
