// The barcode scanner (spec 2.5 scanner menu, spec 5 Scanner): a top-bar tool and the piece a
// document's lines grid renders to take scans.
export { ScannerButton } from './ScannerButton';
export { ScanLines } from './ScanLines';
export { scannerMessages } from './messages';
