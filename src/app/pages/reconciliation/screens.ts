// The one chunk of the count and batch move screens: ../batchMove shares it, so the first page
// load carries one dynamic import for both folders, not two.
export { ReconciliationScreen } from './ReconciliationScreen';
export { BatchMoveScreen } from '../batchMove/BatchMoveScreen';
