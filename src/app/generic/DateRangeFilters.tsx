// The date filters of a generic list (spec 9, issue 10 point 21): one date-range picker per
// date field of the entity's `filters`, with the spec's presets and All. The range lives in
// the list's filter (so in the query string) by preset name or as bounds (periodFilter.ts);
// the document date defaults to Last 30 days, other dates to All.
import { useListContext } from 'react-admin';
import { Box } from '@mui/material';
import type { FieldMeta } from '../../shared/meta';
import { DateRangePicker } from '../widgets/DateRangePicker';
import { defaultsToAll, filterWithRange, queryFilter, rangeOfFilter, periodKeys } from './periodFilter';

/** The date fields (date or date-time) a list filters by through the range picker. */
export const isDateFilterField = (field: Pick<FieldMeta, 'type'>): boolean =>
  field.type === 'date' || field.type === 'datetime';

/**
 * The permanent filter that makes the list query what its pickers show: each date field's
 * bounds resolved today, its period key blanked (blank values are never sent).
 */
export function dateBoundsFilter(
  filter: Record<string, unknown> | undefined,
  dateFields: readonly string[],
  today: Date = new Date(),
): Record<string, unknown> {
  const resolved = queryFilter(filter, dateFields, today);
  const out: Record<string, unknown> = {};
  for (const field of dateFields) {
    const keys = periodKeys(field);
    out[keys.period] = undefined;
    out[keys.from] = resolved[keys.from];
    out[keys.to] = resolved[keys.to];
  }
  return out;
}

export function DateRangeFilters({ fields, labels }: { fields: readonly string[]; labels: Record<string, string> }) {
  const { filterValues, displayedFilters, setFilters } = useListContext();
  if (!fields.length) return null;
  return (
    <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, px: 2, pt: 1 }} data-testid="date-filters">
      {fields.map((field) => {
        const defaultAll = defaultsToAll(field);
        return (
          <DateRangePicker
            key={field}
            label={labels[field]}
            allowAll
            value={rangeOfFilter(filterValues, new Date(), field, defaultAll)}
            onChange={(range) =>
              setFilters(filterWithRange(filterValues, range, new Date(), field, defaultAll), displayedFilters)
            }
          />
        );
      })}
    </Box>
  );
}
