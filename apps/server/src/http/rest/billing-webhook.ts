import type { Hono } from 'hono';
import type { HttpEnv } from '../http-env.ts';

/**
 * POST /api/billing/webhook, outside the JSON routes: the Stripe signature is over the raw bytes,
 * so the body is read as text and handed over untouched.
 */
export function mountBillingWebhook(app: Hono<HttpEnv>): void {
  app.post('/api/billing/webhook', async (c) => {
    const result = await c.get('ctx').services.stripeWebhook.receive(await c.req.text(), c.req.header('stripe-signature'));
    return c.json(result);
  });
}
