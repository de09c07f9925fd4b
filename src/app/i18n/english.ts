// Every English text but the feature modules' (resources.ts): its own chunk, loaded before the
// first render when English is shown, or when a person switches to English (languages.ts).
import englishMessages from 'ra-language-english';
import { messages as generated } from '../../generated/i18n.en';
import { appEnglish } from './en';
import type { LanguageTexts } from './resources';

export const texts: LanguageTexts = { handWritten: [englishMessages, appEnglish], generated };
