// The list's pager. Above EXACT_COUNT_LIMIT matching rows the server stops counting (the first
// page of a broad filter stays fast); the pager then says "more than 1,000" as such and offers
// the exact figure on demand, which asks the list again with exactCount.
import { Button } from '@mui/material';
import { Pagination, useListContext, useLocale, useTranslate } from 'react-admin';
import { EXACT_COUNT_LIMIT } from '../../shared/limits';

export function CountedPagination({
  rowsPerPageOptions,
  onCountExactly,
}: {
  rowsPerPageOptions: number[];
  onCountExactly: () => void;
}) {
  const { meta } = useListContext();
  const translate = useTranslate();
  const locale = useLocale();
  const exact = (meta as { totalExact?: boolean } | undefined)?.totalExact !== false;
  if (exact) return <Pagination rowsPerPageOptions={rowsPerPageOptions} />;
  const number = new Intl.NumberFormat(locale === 'fr' ? 'fr-CA' : 'en-CA');
  // ra's Pagination hands its other props to MUI's TablePagination after its own label
  const label = {
    labelDisplayedRows: ({ from, to }: { from: number; to: number }) => (
      <>
        {translate('app.list.more_than', {
          offsetBegin: number.format(from),
          offsetEnd: number.format(to),
          total: number.format(EXACT_COUNT_LIMIT),
        })}{' '}
        <Button size="small" onClick={onCountExactly} data-testid="count-exactly">
          {translate('app.list.count_exactly')}
        </Button>
      </>
    ),
  } as object;
  return <Pagination rowsPerPageOptions={rowsPerPageOptions} {...label} />;
}
