import type { Context } from 'hono';
import { HTTPException } from 'hono/http-exception';
import type { TRPCError } from '@trpc/server';
import { ZodError } from 'zod';
import { ERRORS, MESSAGES, RETRY_AFTER_DEFAULT_SECONDS, type TErrorBody } from '@ppp/contracts';
import { AppError } from '../domain/errors.ts';
import { authErrorAnswer } from './oauth.ts';

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
    const retryAfter = retryAfterOf(app);
    if (retryAfter !== undefined) c.header('Retry-After', String(retryAfter));
    // The token endpoint's refusals in OAuth 2.0's form, and the Bearer challenge of a 401 (issue 36).
    return c.json(body, authErrorAnswer(c, app, body) as 400);
  };
}

/** Retry-After of a refusal: every 429 has one (issue 35), a 503 when the refusal knows when to come back. */
export function retryAfterOf(app: AppError): number | undefined {
  if (app.status === 429) return app.retryAfterSeconds ?? RETRY_AFTER_DEFAULT_SECONDS;
  return app.retryAfterSeconds;
}

/** tRPC's answer headers: Retry-After when a call of the request was refused with 429 (the longest wait of the batch). */
export function trpcRetryAfter(errors: readonly TRPCError[]): { headers?: Headers } {
  let seconds: number | undefined;
  for (const error of errors) {
    const app = error.cause instanceof AppError ? error.cause : null;
    const wait = app ? retryAfterOf(app) : error.code === 'TOO_MANY_REQUESTS' ? RETRY_AFTER_DEFAULT_SECONDS : undefined;
    if (wait !== undefined) seconds = Math.max(seconds ?? 0, wait);
  }
  return seconds === undefined ? {} : { headers: new Headers({ 'Retry-After': String(seconds) }) };
}
