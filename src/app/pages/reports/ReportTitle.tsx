// A starred report's title in the drawer's Bookmarks (layout/AppMenu.tsx loads this lazily, so
// the catalogue stays out of the first page load).
import { useLocaleState } from 'react-admin';
import { reportMeta } from '../../../shared/reports/catalogue';
import { humanize } from '../../../shared/names';

export default function ReportTitle({ name }: { name: string }) {
  const [locale] = useLocaleState();
  const meta = reportMeta(name);
  if (!meta) return <>{humanize(name)}</>;
  return <>{locale.startsWith('fr') ? meta.title.fr : meta.title.en}</>;
}
