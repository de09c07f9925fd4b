// Every French text but the feature modules' (resources.ts): its own chunk, loaded before the
// first render when French is shown, or when a person switches to French (languages.ts).
import { messages as generated } from '../../generated/i18n.fr';
import { appFrench, raFrench } from './fr';
import type { LanguageTexts } from './resources';

export const texts: LanguageTexts = { handWritten: [raFrench, appFrench], generated };
