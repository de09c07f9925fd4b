// The error line of a custom react-admin input: shown once the input was touched or the form
// submitted, translated by react-admin's ValidationError (it reads `{message, args}`).
import type { ReactNode } from 'react';
import { ValidationError, type UseInputValue } from 'ra-core';

export function inputError(input: Pick<UseInputValue, 'fieldState' | 'formState'>): ReactNode | undefined {
  const { fieldState, formState } = input;
  const message = fieldState.error?.message;
  if (!message || !(fieldState.isTouched || formState.isSubmitted)) return undefined;
  return <ValidationError error={message} />;
}
