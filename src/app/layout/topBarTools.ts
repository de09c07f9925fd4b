// Tools shown in the top bar between the workflow button and the user menu (spec 2.5: setup
// widget, calculator, help), in this order. Each tool lives in its own feature folder.
import type { ComponentType } from 'react';

export const topBarTools: { key: string; component: ComponentType }[] = [];
import { SetupWidget } from '../pages/setupWizard';
topBarTools.push({ key: 'setup', component: SetupWidget });
import { CalculatorButton } from '../pages/calculator';
topBarTools.push({ key: 'calculator', component: CalculatorButton });
import { HelpButton } from '../help';
topBarTools.push({ key: 'help', component: HelpButton });
// the favourites menu sits between the tasks and the scanner menus (spec 2.5)
import { FavouritesButton } from '../shell/favourites';
topBarTools.push({ key: 'favourites', component: FavouritesButton });
import { ScannerButton } from '../scanner';
topBarTools.push({ key: 'scanner', component: ScannerButton });
