// The Import button of every list whose schema names import fields (GenericList's actions add
// it for users who may write the entity). The wizard is its own chunk, loaded on click.
import { Suspense, useState } from 'react';
import { Button } from 'react-admin';
import UploadIcon from '@mui/icons-material/Upload';
import type { EntityMeta } from '../../../shared/meta';
import { lazyScreen } from '../../shell/chunks';
import './register';

const Wizard = lazyScreen(() => import('./ImportWizard'), 'ImportWizard');

export function ImportCsvButton({ entity }: { entity: EntityMeta }) {
  const [open, setOpen] = useState(false);
  if (!entity.csv) return null;
  return (
    <>
      <Button label="csvImport.button" onClick={() => setOpen(true)}>
        <UploadIcon />
      </Button>
      {open ? (
        <Suspense fallback={null}>
          <Wizard entity={entity} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
