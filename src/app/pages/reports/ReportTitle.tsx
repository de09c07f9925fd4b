// A starred report's title in the drawer's Bookmarks (layout/AppMenu.tsx loads this lazily, so
// the catalogue stays out of the first page load).
import { reportMeta } from '../../../shared/reports/catalogue';
import { humanize } from '../../../shared/names';
import { useText } from './i18n';

export default function ReportTitle({ name }: { name: string }) {
  const text = useText();
  const meta = reportMeta(name);
  return <>{meta ? text(meta.title) : humanize(name)}</>;
}
