// The camera half of the scanner, a chunk of its own: @zxing/browser is loaded only when a person
// starts the camera, never on the first page load. Decoding runs at 10 attempts a second in a
// 250x250 box (spec 9); unmounting (the menu closing, Stop camera) stops the stream.
import { useEffect, useRef } from 'react';
import { BrowserMultiFormatReader, type IScannerControls } from '@zxing/browser';
import { CAMERA_FPS, SCAN_BOX } from './codes';

export function CameraScanner(props: { onCode: (code: string) => void; onError: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const handlers = useRef(props);
  handlers.current = props;
  useEffect(() => {
    let stopped = false;
    let controls: IScannerControls | undefined;
    const reader = new BrowserMultiFormatReader(undefined, {
      delayBetweenScanAttempts: 1000 / CAMERA_FPS,
      // a label held in view keeps decoding; the scan gate makes it one scan (codes.ts)
      delayBetweenScanSuccess: 1000 / CAMERA_FPS,
    });
    reader
      .decodeFromConstraints({ video: { facingMode: 'environment' } }, video.current ?? undefined, (result) => {
        if (result && !stopped) handlers.current.onCode(result.getText());
      })
      .then(
        (c) => {
          // the menu may have closed while the browser asked for permission
          if (stopped) c.stop();
          else controls = c;
        },
        () => {
          if (!stopped) handlers.current.onError();
        },
      );
    return () => {
      stopped = true;
      controls?.stop();
    };
  }, []);
  return (
    <video
      ref={video}
      width={SCAN_BOX}
      height={SCAN_BOX}
      muted
      playsInline
      style={{ objectFit: 'cover', display: 'block', background: '#000' }}
      data-testid="scanner-camera"
    />
  );
}
