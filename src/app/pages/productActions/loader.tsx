// A second step of loading the inventory screens: the first page load imports only this tiny
// chunk's name, and this chunk carries the list of the screens' own chunks to preload.
import { lazyScreen } from '../../shell/chunks';

const Screen = lazyScreen(() => import('./screens'), 'InventoryScreen');

export function InventoryScreen() {
  return <Screen />;
}
