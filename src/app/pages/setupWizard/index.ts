// The setup wizard and welcome (spec 2.5, 4, 5, 9): a top-bar tool (the round 'Finish setup'
// button, the reminder bubble and the wizard dialog) and its texts.
export { SetupWidget } from './SetupWidget';
export { setupMessages } from './messages';
