import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorMessage, fieldErrors } from './error-message';

const h = (init: Record<string, string> = {}) => new Headers(init);

describe('errorMessage', () => {
  it('maps the error headers to their Italian texts', () => {
    expect(errorMessage(new ApiError(409, {}, h({ 'x-error-message': 'UniqueConstraintViolation' })))).toBe(
      'Questo indirizzo email è già in uso',
    );
    expect(errorMessage(new ApiError(400, {}, h({ 'x-error-message': 'WrongPassword' })))).toBe(
      'La password attuale non è corretta',
    );
    expect(errorMessage(new ApiError(409, {}, h({ 'x-error-message': 'CannotDeleteUser' })))).toBe(
      'Questo profilo non può essere eliminato',
    );
  });
  it('shows a string or nested message, else the fallback', () => {
    expect(errorMessage(new ApiError(400, { message: 'Testo' }, h()))).toBe('Testo');
    expect(errorMessage(new ApiError(400, { message: { message: 'Annidato' } }, h()))).toBe('Annidato');
    expect(errorMessage(new ApiError(500, null, h()))).toBe('Si è verificato un errore');
    expect(errorMessage(new TypeError('x'))).toBe('Si è verificato un errore');
  });
  it('collects field errors by path', () => {
    expect(fieldErrors(new ApiError(400, { errors: [{ path: 'email', message: 'no' }] }, h()))).toEqual({
      email: 'no',
    });
  });
});
