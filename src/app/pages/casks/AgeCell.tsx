// The cask list's Age column: years and months from the cask's age start (ageFrom, else its
// fill date) to today in the company's time zone, for the casks that hold something; one
// casksAgeing call per list page.
import { useMemo } from 'react';
import { useListContext, useTranslate, type RaRecord } from 'react-admin';
import { useCasksAgeing } from './api';
import './register';

export function AgeCell({ record }: { record: RaRecord }) {
  const translate = useTranslate();
  const { data } = useListContext();
  const ids = useMemo(() => {
    const page = (data ?? []).map((r) => String(r.id));
    return page.includes(String(record.id)) ? page : [...page, String(record.id)];
  }, [data, record.id]);
  const ageing = useCasksAgeing(ids);
  const age = ageing?.get(String(record.id))?.age;
  if (!age) return null;
  return (
    <span title={translate('app.casks.age_long', { years: age.years, months: age.months })} data-testid="cask-age">
      {translate('app.casks.age_value', { years: age.years, months: age.months })}
    </span>
  );
}

/** The spirit a cask type holds, on the cask types list. */
export function SpiritInCell({ record }: { record: RaRecord }) {
  const spirit = record.spiritIn as { id: string; name?: string; title?: string } | null | undefined;
  return spirit ? <>{spirit.name ?? spirit.title ?? ''}</> : null;
}
