import { MUSIC } from '@ppp/contracts';

/** A display name from an address when none was typed: its last path segment without the extension. */
export function nameFromUrl(url: string): string {
  const last = decodeURIComponent(new URL(url).pathname.split('/').pop() ?? '').replace(/\.[^.]+$/, '');
  return (last.replace(/[-_]+/g, ' ').trim() || new URL(url).hostname).slice(0, MUSIC.maxDisplayNameLength);
}
