import { MESSAGES } from '@ppp/contracts';

export type TVerifyState =
  { status: 'idle' } | { status: 'verifying' } | { status: 'success'; message: string } | { status: 'error'; message: string };

export interface TVerifyBody {
  token?: string;
  email?: string;
}

/** The link carries token (or code) and email; it needs at least one of them (spec 002 section 5). */
export function verifyBodyFrom(search: URLSearchParams): TVerifyBody | null {
  const token = (search.get('token') ?? search.get('code') ?? '').trim();
  const email = (search.get('email') ?? '').trim();
  if (!token && !email) return null;
  return { ...(token ? { token } : {}), ...(email ? { email } : {}) };
}

function recordOf(value: unknown): Record<string, unknown> | null {
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** One validation item as "message (location)", FastAPI ({msg, loc}) or Zod ({message, path}) style. */
function describeItem(item: unknown): string | null {
  const rec = recordOf(item);
  if (!rec) return null;
  const text = typeof rec.msg === 'string' ? rec.msg : typeof rec.message === 'string' ? rec.message : null;
  if (!text) return null;
  const where = Array.isArray(rec.loc) ? rec.loc : Array.isArray(rec.path) ? rec.path : [];
  const loc = where.map(String).join('.');
  return loc ? `${text} (${loc})` : text;
}

/** Spec 002 section 8: the server's detail or message (validation items with their location), else the default. */
export function verifyFailureMessage(body: unknown): string {
  const rec = recordOf(body);
  if (!rec) return MESSAGES.verifyFailedOrExpired;
  const items = Array.isArray(rec.detail) ? rec.detail : Array.isArray(rec.errors) ? rec.errors : null;
  if (items) {
    const lines = items.map(describeItem).filter((l): l is string => Boolean(l));
    if (lines.length > 0) return lines.join('; ');
  }
  if (typeof rec.detail === 'string' && rec.detail) return rec.detail;
  if (typeof rec.message === 'string' && rec.message) return rec.message;
  return MESSAGES.verifyFailedOrExpired;
}

/** POSTs the confirmation and turns every outcome into the state the page shows. */
export async function confirmEmailByLink(body: TVerifyBody, fetchImpl: typeof fetch = fetch): Promise<TVerifyState> {
  let res: Response;
  try {
    res = await fetchImpl('/api/auth/confirm-email', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      credentials: 'include',
    });
  } catch {
    return { status: 'error', message: MESSAGES.verifyNetwork };
  }
  if (res.ok) return { status: 'success', message: MESSAGES.verifySuccess };
  const payload: unknown = await res.json().catch(() => null);
  return { status: 'error', message: verifyFailureMessage(payload) };
}
