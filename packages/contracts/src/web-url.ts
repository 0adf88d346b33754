import { z } from 'zod';

/** Web addresses creators type are shown as links to other people, so only http(s) is accepted: never javascript:, data: or file:. */
export const WEB_URL_LIMITS = { maxLength: 2048 } as const;

export const WEB_URL_MESSAGES = {
  httpOnly: 'Enter a full web address starting with http:// or https://.',
} as const;

/** An absolute http(s) URL; anything else (javascript:, data:, relative paths) is a validation error (422). */
export const ZHttpUrl = z
  .url({ protocol: /^https?$/, error: WEB_URL_MESSAGES.httpOnly })
  .max(WEB_URL_LIMITS.maxLength, WEB_URL_MESSAGES.httpOnly);

/** A stored address as a link, or null when it is not http(s) (rows written before the rule, other hosts' data). */
export function httpUrlOrNull(value: string | null | undefined): string | null {
  return value && ZHttpUrl.safeParse(value).success ? value : null;
}
