import type { Context, MiddlewareHandler } from 'hono';
import { NONCE, secureHeaders } from 'hono/secure-headers';

/**
 * The web app's Content-Security-Policy: scripts only from this origin (or a page's own nonce), never
 * inline or eval; styles may be inline (Mantine sets style attributes); images and audio also from
 * blob: (crops, recordings) and any http(s) address (imported covers, media on object storage).
 */
const APP_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", NONCE],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  mediaSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'http:', 'https:'],
  workerSrc: ["'self'", 'blob:'],
  frameSrc: ["'self'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
};

/**
 * Security headers on every response: the policy above, nosniff, SAMEORIGIN framing and a referrer
 * policy. A header a handler set itself wins (the public sites, feeds and stored files have their own
 * stricter policies). Left out on purpose: Cross-Origin-Resource-Policy (a show's site on its own
 * domain plays the audio and shows the covers served here) and Cross-Origin-Opener-Policy (the
 * Spreaker sign-in popup reports back to its opener).
 */
export function securityHeaders(): MiddlewareHandler {
  return secureHeaders({
    contentSecurityPolicy: APP_POLICY,
    crossOriginResourcePolicy: false,
    crossOriginOpenerPolicy: false,
    referrerPolicy: 'strict-origin-when-cross-origin',
    strictTransportSecurity: 'max-age=15552000',
    overwrite: false,
  });
}

/** The nonce an inline script of this response must carry (set by securityHeaders before the handler runs). */
export function scriptNonceOf(c: Context): string {
  return c.get('secureHeadersNonce') ?? '';
}
