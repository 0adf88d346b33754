/** A fresh account on a benchmark instance, registered and signed in through the real auth routes, with its user id. */
export const BENCH_PASSWORD = 'bench-password-1';

export async function registerBenchAccount(base: string): Promise<{ email: string; token: string; userId: string }> {
  const email = `bench-${Date.now()}@example.com`;
  await fetch(`${base}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: BENCH_PASSWORD, accept_terms: true }),
  });
  const login = await fetch(`${base}/api/auth/token`, {
    method: 'POST',
    body: new URLSearchParams({ username: email, password: BENCH_PASSWORD }),
  });
  const { access_token: token } = (await login.json()) as { access_token: string };
  const me = await fetch(`${base}/api/users/me`, { headers: { authorization: `Bearer ${token}` } });
  const { id: userId } = (await me.json()) as { id: string };
  return { email, token, userId };
}
