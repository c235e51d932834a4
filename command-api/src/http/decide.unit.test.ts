import { describe, expect, it } from 'vitest';
import { AppError, ConflictError, NotFoundError, ValidationError } from '@onboard/domain';
import { refusalError } from './decide.ts';

describe('a refusal as the API answers it', () => {
  it('is a 404, a 409 with the version now stored, a 400 keyed by field, or a 400 naming the rule', () => {
    expect(refusalError({ code: 'NOT_FOUND', message: 'No such task' })).toBeInstanceOf(NotFoundError);
    const conflict = refusalError({ code: 'CONFLICT', message: 'Stale', currentVersion: 4 }, 'Reload');
    expect(conflict).toBeInstanceOf(ConflictError);
    expect(conflict).toMatchObject({ status: 409, message: 'Reload', details: { currentVersion: 4 } });
    expect(refusalError({ code: 'ALREADY_EXISTS', message: 'This client exists already' })).toMatchObject({
      status: 409,
      message: 'This client exists already',
    });
    const invalid = refusalError({
      code: 'INVALID',
      message: 'Bad',
      fields: { 'call.startsAt': 'Enter it' },
    });
    expect(invalid).toBeInstanceOf(ValidationError);
    expect((invalid as ValidationError).validationError).toEqual({ 'body.call.startsAt': 'Enter it' });
    const rule = refusalError({ code: 'NOT_ALLOWED', message: 'Assign a broker to the client first' });
    expect(rule).toBeInstanceOf(AppError);
    expect(rule).toMatchObject({
      status: 400,
      code: 'NOT_ALLOWED',
      message: 'Assign a broker to the client first',
    });
  });
});
