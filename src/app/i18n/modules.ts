// Message trees of feature modules (widgets, shell, calculator, settings…), each kept beside
// its code and listed here once, so features add strings without editing shared files.
import type { PageMessages } from '../pages/registry';

export const messageModules: PageMessages[] = [];
import { widgetMessages } from '../widgets/messages';
messageModules.push(widgetMessages);
import { calculatorMessages } from '../pages/calculator/messages';
messageModules.push(calculatorMessages);
import { setupMessages } from '../pages/setupWizard/messages';
messageModules.push(setupMessages);
import { helpMessages } from '../help/messages';
messageModules.push(helpMessages);
import { scannerMessages } from '../scanner/messages';
messageModules.push(scannerMessages);
import { favouritesMessages } from '../shell/favourites/messages';
messageModules.push(favouritesMessages);
