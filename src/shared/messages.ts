// The spec's validation and error texts (sections 5 and 8), word for word. Server errors,
// generated validators and client widgets all take them from here.

export const messages = {
  required: 'Required',
  maxLength: (n: number) => `Max length ${n}`,
  invalidEmail: 'Invalid e-mail',
  mustBeAtLeast: (min: number) => `Must be >= ${min}`,
  mustBeAtMost: (max: number) => `Must be <= ${max}`,
  outOfRange: 'Out of range',
  mustBePositive: 'Must be > 0',
  strengthRange: 'Strength must be between 0% and 99%',
  invalidForm: 'One or more fields is missing or invalid',
  permissionDenied: (action: string) => `You don't have permission to ${action}`,
  internalValidation:
    'It looks like something went wrong internally. We logged the problem and will look into it ASAP.',
  internalError:
    "Oops. It looks like something went wrong internally. This is our fault and we'll look into it immediately.",
  deleteSuccessful: 'Delete successful',
  noFurtherDetails: 'No further details',
  // Not in the spec's catalogue: texts of our own for rules the spec leaves silent.
  invalidNumber: 'Must be a number',
  invalidInteger: 'Must be a whole number',
  invalidDate: 'Must be a date (yyyy-MM-dd)',
  invalidDateTime: 'Must be a date and time',
  invalidChoice: (values: readonly string[]) => `Must be one of ${values.join(', ')}`,
  invalidFormat: 'Invalid format',
  invalidReference: 'Not found',
  tooManyDecimals: (precision: number) => `At most ${precision} decimals`,
  tooManyItems: (n: number) => `At most ${n} items`,
  tooManyLines: (n: number) => `At most ${n} lines`,
  nullCharacter: 'Must not contain a null character',
  invalidUnicode: 'Must be valid Unicode text',
} as const;

export const INT_MIN = -2147483648;
export const INT_MAX = 2147483647;
