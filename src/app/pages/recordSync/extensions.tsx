// The sync panel on the screens of records other systems get (wired in
// ../extensions.ts), loaded lazily with the screen.
import { Suspense } from 'react';
import { lazyScreen } from '../../shell/chunks';
import type { EntityExtension, ExtensionContribution, ExtensionProps } from '../extensions';
import { SYNCED_SCREENS } from '../../../shared/recordSync';

const Panel = lazyScreen(() => import('./RecordSyncPanel'), 'RecordSyncPanel');

function LazyRecordSync(props: ExtensionProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

const extension: EntityExtension = { editPanels: LazyRecordSync };

export const recordSyncExtensions: readonly ExtensionContribution[] = SYNCED_SCREENS.map(
  (name) => [name, extension] as const,
);
