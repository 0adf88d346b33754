import type { TMe } from '@ppp/contracts';

export interface TNameValues {
  first_name: string;
  last_name: string;
}

export function nameValuesOf(me: Pick<TMe, 'first_name' | 'last_name'>): TNameValues {
  return { first_name: me.first_name ?? '', last_name: me.last_name ?? '' };
}

/** Save name is enabled only when the (trimmed) values differ from what is stored (spec 002 section 5). */
export function nameChanged(saved: TNameValues, current: TNameValues): boolean {
  return saved.first_name.trim() !== current.first_name.trim() || saved.last_name.trim() !== current.last_name.trim();
}
