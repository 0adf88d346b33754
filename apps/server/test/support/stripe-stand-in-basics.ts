import { randomBytes } from 'node:crypto';

/** What every part of the Stripe stand-in shares: ids, timestamps, Stripe's error shape, reading form params. */
export type Json = Record<string, unknown>;
export type Params = Record<string, unknown>;

export const now = () => Math.floor(Date.now() / 1000);
export const idFor = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;

export class StripeApiError extends Error {
  readonly status: number;
  readonly body: { type: string; message: string; code?: string; param?: string };
  constructor(status: number, body: { type: string; message: string; code?: string; param?: string }) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}
export const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });
export const required = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });

export const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
export const record = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
export const list = (value: unknown): unknown[] =>
  Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : [];

export function addInterval(seconds: number, interval: string): number {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}
