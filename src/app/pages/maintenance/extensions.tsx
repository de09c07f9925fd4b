// The equipment screen's way to its maintenance (issue 10, point 20): 'Maintenance log' and
// 'Maintenance schedule' buttons on a piece of other equipment's edit screen, opening the lists
// of spec 2.3 (production/maintenancelog/:equipmentId, production/maintenance/:equipmentId),
// each titled with the equipment's name. Shown only to who may read them.
import { Link as RouterLink } from 'react-router-dom';
import { Button } from 'react-admin';
import BuildIcon from '@mui/icons-material/Build';
import EventRepeatIcon from '@mui/icons-material/EventRepeat';
import { canRead } from '../../access';
import { fillPath } from '../../routing/paths';
import { useCurrentCompany, useServices } from '../../services';
import type { ExtensionContribution, ExtensionProps } from '../extensions';
import './register';

function MaintenanceButtons({ record }: ExtensionProps) {
  const company = useCurrentCompany();
  const { entityByName } = useServices();
  if (record?.id === undefined || record?.id === null) return null;
  const links = [
    { entity: entityByName.maintenanceLog, label: 'app.pages.maintenance.log', Icon: BuildIcon },
    { entity: entityByName.maintenanceSchedule, label: 'app.pages.maintenance.schedule', Icon: EventRepeatIcon },
  ].flatMap(({ entity, label, Icon }) => {
    const pattern = entity?.routes?.lists[0]?.path;
    const path = pattern && canRead(entity, company) ? fillPath(pattern, { equipmentId: record.id }) : null;
    return path ? [{ path, label, Icon }] : [];
  });
  return (
    <>
      {links.map(({ path, label, Icon }) => (
        <Button key={path} component={RouterLink} to={path} label={label}>
          <Icon />
        </Button>
      ))}
    </>
  );
}

export const maintenanceExtensions: readonly ExtensionContribution[] = [
  ['otherEquipment', { editActions: MaintenanceButtons }],
];
