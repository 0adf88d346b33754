import { z } from 'zod';

/** The cookies a response sets, as a Cookie header for the next request of the same browser. */
export function cookiesOf(res: Response | { headers: Headers }): string {
  return res.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .join('; ');
}

/**
 * The Spreaker popup's round trip made directly, as one browser: a one-time ticket (with the session
 * header), the start page (which sets the state cookie), then the callback with that cookie.
 * The sandbox accepts 'good-code'.
 */
export async function connectSpreakerAccount(
  baseUrl: string,
  token: string,
  code = 'good-code',
): Promise<{ status: number; text: string; state: string; cookie: string }> {
  const ticketRes = await fetch(`${baseUrl}/api/auth/spreaker/ticket`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (ticketRes.status !== 200) throw new Error(`ticket: ${ticketRes.status} ${await ticketRes.text()}`);
  const { ticket } = z.object({ ticket: z.string() }).parse(await ticketRes.json());
  const start = await fetch(`${baseUrl}/api/auth/spreaker/start?ticket=${encodeURIComponent(ticket)}`, { redirect: 'manual' });
  if (start.status !== 302) throw new Error(`start: ${start.status} ${await start.text()}`);
  const state = new URL(start.headers.get('location') ?? '').searchParams.get('state') ?? '';
  const cookie = cookiesOf(start);
  const callback = await fetch(
    `${baseUrl}/api/auth/spreaker/callback?code=${encodeURIComponent(code)}&state=${encodeURIComponent(state)}`,
    {
      headers: { cookie },
    },
  );
  return { status: callback.status, text: await callback.text(), state, cookie };
}
