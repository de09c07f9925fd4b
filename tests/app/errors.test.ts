import { describe, expect, it } from 'vitest';
import { ApiProblem, describeApiError, normalizeFieldPath } from '../../src/app/data/errors';

const apollo = (code: string, message = 'server says', info?: object) => ({
  name: 'ApolloError',
  message,
  graphQLErrors: [{ message, extensions: { code, ...(info ? { info } : {}) } }],
});
// ra-data-graphql wraps Apollo errors: HttpError(message, 200, apolloError)
const wrapped = (error: object) => ({ name: 'HttpError', message: 'x', status: 200, body: error });

describe('describeApiError', () => {
  it('turns VALIDATION_ERROR fields into form errors', () => {
    const d = describeApiError(
      wrapped(
        apollo('VALIDATION_ERROR', 'name: Required', {
          fields: { name: 'Required', 'bom[0].quantity': 'Must be >= 0' },
        }),
      ),
    );
    expect(d.status).toBe(400);
    expect(d.message).toBe('app.error.invalid_form');
    expect(d.body.errors).toEqual({ name: 'Required', 'bom.0.quantity': 'Must be >= 0' });
  });
  it('gives the spec texts for internal codes', () => {
    expect(describeApiError(wrapped(apollo('VALIDATION_ERROR'))).message).toBe('app.error.internal_validation');
    expect(describeApiError(wrapped(apollo('SYNTAX_ERROR'))).message).toBe('app.error.internal_validation');
    expect(describeApiError(wrapped(apollo('INTERNAL_SERVER_ERROR'))).message).toBe('app.error.internal');
  });
  it("shows the server's message for the other codes", () => {
    expect(describeApiError(wrapped(apollo('FORBIDDEN', "You don't have permission to edit customers")))).toMatchObject(
      {
        status: 403,
        message: "You don't have permission to edit customers",
      },
    );
    expect(describeApiError(wrapped(apollo('NOT_FOUND', 'gone')))).toMatchObject({ status: 404, message: 'gone' });
    expect(describeApiError(wrapped(apollo('CONFLICT', 'in use')))).toMatchObject({ status: 409, message: 'in use' });
    expect(describeApiError(new ApiProblem('CONFLICT', 'used by invoices'))).toMatchObject({
      status: 409,
      message: 'used by invoices',
    });
  });
  it('recognizes 401 in every shape', () => {
    expect(describeApiError({ message: 'x', status: 401 }).status).toBe(401);
    expect(describeApiError({ networkError: { statusCode: 401, result: {} } }).status).toBe(401);
    expect(describeApiError(wrapped(apollo('UNAUTHENTICATED'))).status).toBe(401);
  });
  it('reads GraphQL errors from a non-2xx answer', () => {
    const e = {
      message: 'Response not successful',
      networkError: { statusCode: 400, result: { errors: [{ message: 'bad', extensions: { code: 'SYNTAX_ERROR' } }] } },
    };
    expect(describeApiError(e).message).toBe('app.error.internal_validation');
  });
  it('treats a bare 5xx as internal', () => {
    expect(describeApiError({ message: 'bad gateway', status: 502 })).toMatchObject({
      status: 502,
      message: 'app.error.internal',
    });
  });
  it('normalizes field paths', () => {
    expect(normalizeFieldPath('/bom/0/quantity')).toBe('bom.0.quantity');
    expect(normalizeFieldPath('bom[1].name')).toBe('bom.1.name');
    expect(normalizeFieldPath('name')).toBe('name');
  });
});
