// The scaling rules of spec 5 live in src/shared/production/scaling.ts, pure, so the browser
// (recipes scaled on the form) and the server use the same arithmetic.
export * from '../../../shared/production/scaling';
