/**
 * The admin's subscription expiry input (spec 002 section 5): MM/DD/YYYY, digits and slashes only,
 * at most 10 characters; empty clears the expiry. Dates are whole days in UTC.
 */
export const EXPIRY_INPUT_MAX = 10;

/** Keeps only digits and slashes, at most 10 characters. */
export function cleanExpiryInput(raw: string): string {
  return raw.replace(/[^\d/]/g, '').slice(0, EXPIRY_INPUT_MAX);
}

export type ExpiryParse = { kind: 'clear' } | { kind: 'date'; date: Date } | { kind: 'invalid' };

export function parseExpiry(text: string): ExpiryParse {
  if (text.trim() === '') return { kind: 'clear' };
  const match = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  if (!match) return { kind: 'invalid' };
  const [month, day, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  if (date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day || year < 1970) return { kind: 'invalid' };
  return { kind: 'date', date };
}

const two = (n: number) => String(n).padStart(2, '0');

export function formatExpiry(date: Date | null): string {
  if (!date) return '';
  return `${two(date.getUTCMonth() + 1)}/${two(date.getUTCDate())}/${date.getUTCFullYear()}`;
}

export function todayUtc(now = new Date()): Date {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
}

function daysIn(year: number, month: number): number {
  return new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
}

/** One month later, the day clamped to the end of that month (Jan 31 -> Feb 28 or 29). */
export function plusOneMonth(from: Date): Date {
  const year = from.getUTCFullYear() + (from.getUTCMonth() === 11 ? 1 : 0);
  const month = (from.getUTCMonth() + 1) % 12;
  return new Date(Date.UTC(year, month, Math.min(from.getUTCDate(), daysIn(year, month))));
}

/** One year later (Feb 29 -> Feb 28). */
export function plusOneYear(from: Date): Date {
  const year = from.getUTCFullYear() + 1;
  return new Date(Date.UTC(year, from.getUTCMonth(), Math.min(from.getUTCDate(), daysIn(year, from.getUTCMonth()))));
}
