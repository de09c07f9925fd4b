// Square's settings from the environment, read when used (tests set them before the server
// starts): the application's id and secret from the Square Developer Console, and the base URL
// every call goes to (production by default; a local stand-in in tests).
import { SquareEnvironment } from 'square';
import { AppError } from '../../kernel/errors';

export function squareBaseUrl(): string {
  return (process.env.SQUARE_BASE_URL || SquareEnvironment.Production).replace(/\/+$/, '');
}

export function squareApplication(): { id: string; secret: string } {
  const id = process.env.SQUARE_APPLICATION_ID ?? '';
  const secret = process.env.SQUARE_APPLICATION_SECRET ?? '';
  if (!id || !secret)
    throw new AppError(
      'VALIDATION_ERROR',
      'Square is not set up on this server: SQUARE_APPLICATION_ID and SQUARE_APPLICATION_SECRET are missing',
    );
  return { id, secret };
}
