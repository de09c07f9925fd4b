// The help centre's client (spec 2.5): the top-bar button and panel, a screen's help icon, and
// the texts. The panel itself is a lazy chunk (HelpPanel.tsx).
export { HelpButton } from './HelpButton';
export { HelpLink } from './HelpLink';
export { helpMessages } from './messages';
export { openHelp } from './store';
