// The Print button of an edit screen's toolbar (production print sheets, sales and purchase
// documents). Only the button is in the screen's code: `run` loads the print's own chunk (query,
// layout, texts) and prints. Its label is given in both languages because the print's texts
// load with it; while the chunk loads and runs the button is busy; a chunk that fails to load is
// reported (spec 8).
import { useState } from 'react';
import { Button as RaButton, useLocaleState, useTranslate } from 'react-admin';
import PrintIcon from '@mui/icons-material/Print';
import { reportClientError } from '../shell/reporting';
import { describeUncaught } from '../shell/clientErrors';

const LABEL = { en: 'Print', fr: 'Imprimer' };

export function PrintButton(props: { labelKey: string; testId: string; run: () => Promise<void> }) {
  const translate = useTranslate();
  const [locale] = useLocaleState();
  const [busy, setBusy] = useState(false);
  const onClick = async () => {
    setBusy(true);
    try {
      await props.run();
    } catch (error) {
      reportClientError({ message: `DEBUG ERROR: ${describeUncaught(error)}` });
    } finally {
      setBusy(false);
    }
  };
  return (
    <RaButton
      label={translate(props.labelKey, { _: locale === 'fr' ? LABEL.fr : LABEL.en })}
      onClick={() => void onClick()}
      disabled={busy}
      aria-busy={busy}
      data-testid={props.testId}
    >
      <PrintIcon />
    </RaButton>
  );
}
