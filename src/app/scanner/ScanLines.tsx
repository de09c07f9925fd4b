// Scanning onto a document's lines: while an editable lines grid whose lines name a product or
// an item is on screen, a matched scan appends a line (quantity 1 unit, or one case for an SCC)
// instead of opening the record. Rendered by the generic lines grid (generic/LinesInput.tsx).
import { useEffect, useRef } from 'react';
import { useFormContext } from 'react-hook-form';
import { addScanHandler } from './bus';
import { lineFromMatch } from './codes';

export function ScanLines(props: { source: string; fieldNames: readonly string[]; disabled?: boolean }) {
  const form = useFormContext();
  const fields = useRef(props.fieldNames);
  fields.current = props.fieldNames;
  const takes = !props.disabled && (props.fieldNames.includes('product') || props.fieldNames.includes('item'));
  useEffect(() => {
    if (!takes || !form) return;
    return addScanHandler((event) => {
      if (event.kind !== 'match') return false;
      const line = lineFromMatch(event.match, event.count, fields.current);
      if (!line) return false;
      const lines = form.getValues(props.source) as unknown;
      // setValue on the array's name reaches the grid's field array, which re-renders its rows
      form.setValue(props.source, [...(Array.isArray(lines) ? lines : []), line], {
        shouldDirty: true,
        shouldTouch: true,
      });
      return event.match.name ?? event.match.code;
    });
  }, [takes, form, props.source]);
  return null;
}
