// A customer chosen by name, searched on the server as the person types (customers2 with the
// list's search), so a company of any size can pick any of its customers: a fixed first page of
// names would hide the rest. The value is the customer's id; its name is read once to show it.
import { useEffect, useState } from 'react';
import { Autocomplete, TextField } from '@mui/material';
import { useGraphQL } from '../pages/settings/api';

interface Named {
  id: string;
  name: string;
}

const SEARCH = `query CustomerPickerSearch($search: String) {
  customers2(first: 20, sortKey: "name", parameters: { search: $search }) { edges { node { id name } } }
}`;
const ONE = `query CustomerPickerOne($id: ID!) { customer(id: $id) { id name } }`;
/** a short pause while typing: one request per word, not per key */
const PAUSE_MS = 250;

export function CustomerPicker({
  label,
  value,
  onChange,
  required,
  helperText,
}: {
  label: string;
  value: string | null;
  onChange: (id: string | null) => void;
  required?: boolean;
  helperText?: string;
}) {
  const call = useGraphQL();
  const [search, setSearch] = useState('');
  const [options, setOptions] = useState<Named[]>([]);
  const [chosen, setChosen] = useState<Named | null>(null);

  useEffect(() => {
    if (!value || chosen?.id === value) return;
    let live = true;
    call<{ customer: Named | null }>(ONE, { id: value }).then(
      (d) => live && setChosen(d.customer),
      () => live && setChosen(null),
    );
    return () => {
      live = false;
    };
  }, [call, value, chosen]);

  useEffect(() => {
    let live = true;
    const timer = setTimeout(() => {
      call<{ customers2: { edges: { node: Named }[] } }>(SEARCH, { search: search.trim() || null }).then(
        (d) => live && setOptions(d.customers2.edges.map((e) => e.node)),
        () => live && setOptions([]),
      );
    }, PAUSE_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [call, search]);

  const shown = value && chosen?.id === value ? chosen : null;
  return (
    <Autocomplete
      options={shown && !options.some((o) => o.id === shown.id) ? [shown, ...options] : options}
      value={shown}
      onChange={(_e, next) => {
        setChosen(next);
        onChange(next?.id ?? null);
      }}
      inputValue={search}
      onInputChange={(_e, next, reason) => setSearch(reason === 'reset' ? '' : next)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      filterOptions={(o) => o}
      renderInput={(params) => <TextField {...params} label={label} required={required} helperText={helperText} />}
    />
  );
}
