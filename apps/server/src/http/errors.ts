import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import { ZodError } from 'zod';
import { ERRORS, MESSAGES, type TErrorBody } from '@ppp/contracts';
import { AppError } from '../domain/errors.ts';

/** Hono's onError for the REST layer: `{ detail, code }` with the status of the code table. */
export function restErrorHandler(log: (msg: string, err: unknown) => void) {
  return (err: Error, c: Context) => {
    let app: AppError;
    if (err instanceof AppError) app = err;
    else if (err instanceof ZodError) app = new AppError('VALIDATION', err.issues[0]?.message ?? 'Invalid input', err.issues);
    else if (err instanceof HTTPException && err.status < 500) app = new AppError('BAD_REQUEST', err.message);
    else {
      log('Unhandled error', err);
      app = new AppError('INTERNAL', MESSAGES.unexpected);
    }
    const body: TErrorBody & { errors?: unknown } = { detail: app.message, code: app.code };
    if (app.code === 'VALIDATION' && app.detail) body.errors = app.detail;
    // A 402 carries what the client's dialog shows (minutes required and remaining, renewal date).
    if (ERRORS[app.code].status === 402 && typeof app.detail === 'object' && app.detail !== null && !Array.isArray(app.detail)) {
      Object.assign(body, app.detail, { detail: app.message, code: app.code });
    }
    return c.json(body, ERRORS[app.code].status as 400);
  };
}
