// The header row of a list table that tells screen readers how the list is sorted (issue 16,
// WCAG 1.3.1): react-admin's DataTableHead draws the sort arrow but sets no aria-sort, so the
// sorted column's header gets MUI's `sortDirection`, which TableCell renders as aria-sort.
// Only the header row receives it: the same column elements render the body cells, where
// aria-sort is not allowed.
import { Children, cloneElement, isValidElement, type ReactNode } from 'react';
import { DataTableHead, useDataTableSortContext, type DataTableHeadProps } from 'react-admin';

/** `asc`/`desc` for the column sorted on `source`, else nothing. */
export function sortDirectionOf(
  source: unknown,
  sort: { field: string; order: string } | undefined,
): 'asc' | 'desc' | undefined {
  if (!sort || typeof source !== 'string' || sort.field !== source) return undefined;
  return sort.order === 'DESC' ? 'desc' : 'asc';
}

export function SortedHead(props: DataTableHeadProps) {
  const sort = useDataTableSortContext();
  const children = Children.map(props.children, (child: ReactNode) => {
    if (!isValidElement<{ source?: string; disableSort?: boolean }>(child) || child.props.disableSort) return child;
    const direction = sortDirectionOf(child.props.source, sort);
    return direction ? cloneElement(child, { sortDirection: direction } as object) : child;
  });
  return <DataTableHead {...props}>{children}</DataTableHead>;
}
