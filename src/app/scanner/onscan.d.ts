// onscan.js ships no types: the part of its API the wedge listener uses (README of 1.5.2).
declare module 'onscan.js' {
  interface OnScanOptions {
    onScan?: (code: string, quantity: number) => void;
    keyCodeMapper?: (event: KeyboardEvent) => string | null;
    minLength?: number;
    avgTimeByChar?: number;
    timeBeforeScanTest?: number;
    suffixKeyCodes?: number[];
    ignoreIfFocusOn?: string | false;
    reactToPaste?: boolean;
  }
  const onScan: {
    attachTo(element: Document | HTMLElement, options: OnScanOptions): void;
    detachFrom(element: Document | HTMLElement): void;
    isAttachedTo(element: Document | HTMLElement): boolean;
    simulate(element: Document | HTMLElement, code: string): void;
  };
  export default onScan;
}
