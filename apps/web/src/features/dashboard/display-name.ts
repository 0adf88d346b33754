import type { TMe } from '@ppp/contracts';

/** What the greeting calls the user: first name, else full name, else the part of the email before @. */
export function displayName(me: Pick<TMe, 'first_name' | 'name' | 'email'>): string {
  const first = me.first_name?.trim();
  if (first) return first;
  const full = me.name?.trim();
  if (full) return full;
  return me.email.split('@')[0] ?? me.email;
}
