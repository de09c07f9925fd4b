// The sales flow buttons of an estimate, sales order, shipment or invoice edit screen: each
// asks the server for the next document (made from this one as it is saved) and opens it.
// Hidden from someone who cannot write the document it makes (selling.write). A refusal
// (nothing left to ship, an estimate not accepted) shows as a notification, in the server's
// words. Loaded lazily with the edit screen (extensions.tsx).
import './register';
import { useState } from 'react';
import { Button as RaButton, useNotify, useTranslate } from 'react-admin';
import ArrowForwardIcon from '@mui/icons-material/ArrowForward';
import { canWrite } from '../../access';
import { useCurrentCompany, useServices } from '../../services';
import { gqlCall } from '../../shell/gql';
import { editPathFor } from '../../routing/paths';
import { useOpenAtOnce } from '../../widgets/openAtOnce';
import type { ExtensionProps } from '../extensions';
import { FLOW_STEPS, stepDocument, type FlowStep } from './steps';

function StepButton({ step, id }: { step: FlowStep; id: string }) {
  const translate = useTranslate();
  const notify = useNotify();
  // the new document replaces this screen at once (widgets/openAtOnce.ts says why)
  const openAtOnce = useOpenAtOnce();
  const { authFetch, entityByName } = useServices();
  const [busy, setBusy] = useState(false);
  const target = entityByName[step.target];

  const run = async () => {
    setBusy(true);
    try {
      const data = await gqlCall<Record<string, string>>(authFetch, stepDocument(step), { id }, { silent: true });
      const path = editPathFor(target, { id: data[step.mutation] });
      if (path) openAtOnce(path);
    } catch (error) {
      notify(error instanceof Error ? error.message : String(error), { type: 'error' });
    } finally {
      setBusy(false);
    }
  };
  return (
    <RaButton
      label={translate(`salesFlow.${step.key}`)}
      onClick={() => void run()}
      disabled={busy}
      aria-busy={busy}
      data-testid={`sales-flow-${step.key}`}
    >
      <ArrowForwardIcon />
    </RaButton>
  );
}

export function SalesFlowActions({ entity, record }: ExtensionProps) {
  const company = useCurrentCompany();
  const { entityByName } = useServices();
  const steps = (FLOW_STEPS[entity.name] ?? []).filter(
    (s) => entityByName[s.target] && canWrite(entityByName[s.target], company),
  );
  if (record?.id === undefined || record?.id === null || !steps.length) return null;
  return (
    <>
      {steps.map((step) => (
        <StepButton key={step.key} step={step} id={String(record.id)} />
      ))}
    </>
  );
}
