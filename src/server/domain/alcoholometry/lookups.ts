// The two lookup calls of spec 7: the calculator's rules first (spec 5), then OIML R 22.
import {
  AlcoholometryError,
  lookupByDensity,
  lookupByStrength,
  type AlcoholometricLookup,
} from '../../../shared/alcoholometry/index.js';
import { CALCULATOR_LIMITS, checkCalculatorValue } from '../../../shared/alcoholometry/validation.js';
import { validationError } from '../kernel/errors';

function check(values: Record<string, [number, Parameters<typeof checkCalculatorValue>[1]]>) {
  const problems: Record<string, string> = {};
  for (const [field, [value, rule]] of Object.entries(values)) {
    const message = checkCalculatorValue(value, rule);
    if (message) problems[field] = message;
  }
  if (Object.keys(problems).length) throw validationError(problems);
}

/** An input inside the calculator's ranges can still lie outside the tables (a density below
 * pure ethanol's at that temperature): answer on the field, never extrapolate. */
function tables<T>(fieldOf: Record<string, string>, run: () => T): T {
  try {
    return run();
  } catch (error) {
    if (error instanceof AlcoholometryError)
      throw validationError({ [fieldOf[error.field] ?? error.field]: error.message });
    throw error;
  }
}

export function densityLookup(temp: number, density: number): AlcoholometricLookup {
  check({ temp: [temp, CALCULATOR_LIMITS.temp], density: [density, CALCULATOR_LIMITS.density] });
  return tables({}, () => lookupByDensity(temp, density));
}

export function strengthLookup(temp: number, b: number): AlcoholometricLookup {
  check({ temp: [temp, CALCULATOR_LIMITS.temp], b: [b, CALCULATOR_LIMITS.abv] });
  return tables({ abv: 'b' }, () => lookupByStrength(temp, b));
}
