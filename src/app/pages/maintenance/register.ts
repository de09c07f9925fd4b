// The maintenance buttons' texts join the app's messages with the equipment screen's chunk.
import { registerMessages } from '../../i18n/provider';

registerMessages({
  en: { app: { pages: { maintenance: { log: 'Maintenance log', schedule: 'Maintenance schedule' } } } },
  fr: { app: { pages: { maintenance: { log: "Journal d'entretien", schedule: "Calendrier d'entretien" } } } },
});
