// The alcohol calculator (spec 4 'Calculator modes', spec 5 'Calculator:'): a top-bar tool.
export { CalculatorButton } from './CalculatorButton';
export { calculatorMessages } from './messages';
