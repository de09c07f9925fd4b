// A reference input fed by a client list (customers, products, items): the choices come
// from memory, sorted by name, instead of a query per keystroke.
import { AutocompleteInput, type Validator } from 'react-admin';
import type { EntityMeta } from '../../shared/meta';
import { CLIENT_LISTS, type ClientListName } from './clientLists';
import { useClientList } from './useClientList';

/** The client list holding an entity's rows, if there is one. */
export function clientListOf(entity: EntityMeta): ClientListName | undefined {
  return (Object.keys(CLIENT_LISTS) as ClientListName[]).find((name) => CLIENT_LISTS[name] === entity.plural);
}

export function ClientRefInput(props: {
  source: string;
  label: string;
  list: ClientListName;
  target: EntityMeta;
  filter?: Record<string, string | number | boolean>;
  validate?: Validator | Validator[];
  readOnly?: boolean;
  disabled?: boolean;
}) {
  const { records, status } = useClientList(props.list);
  const filter = props.filter;
  const choices = filter
    ? records.filter((r) => Object.entries(filter).every(([k, v]) => String(r[k]) === String(v)))
    : records;
  return (
    <AutocompleteInput
      source={props.source}
      label={props.label}
      choices={choices as { id: string }[]}
      optionText={props.target.titleField}
      isPending={status === 'loading' || status === 'idle'}
      validate={props.validate}
      readOnly={props.readOnly}
      disabled={props.disabled}
    />
  );
}
