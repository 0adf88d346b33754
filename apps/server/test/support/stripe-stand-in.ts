import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';
import { syncStripeCatalog } from '../../src/domain/billing/stripe-catalog.ts';
import { stripeHostOptions } from '../../src/domain/billing/stripe-gateway.ts';
import { StripeApiError, idFor, now, type Json, type Params } from './stripe-stand-in-basics.ts';
import { stripeObjects } from './stripe-stand-in-objects.ts';
import { apiRoute, hostedPage } from './stripe-stand-in-routes.ts';

/**
 * A small local server in place of Stripe's API, answering as Stripe's API reference documents:
 * form-encoded requests with bracketed keys, bearer secret keys, objects with `object` and `id`,
 * lists in the `{object: 'list', data, has_more, url}` envelope, errors as `{error: {type, code,
 * message, param}}` with Stripe's statuses. Covers customers, products, prices (lookup_keys),
 * Checkout Sessions, subscriptions and billing portal sessions, plus two browser pages standing in
 * for the hosted checkout and portal. Paying or cancelling sends the webhooks Stripe would send,
 * signed with the real scheme (stripe-node's test header helper).
 */
export const STAND_IN_SECRET_KEY = 'sk_test_standin';
export const STAND_IN_WEBHOOK_SECRET = 'whsec_standin';
const signer = new Stripe(STAND_IN_SECRET_KEY);

export interface StripeStandIn {
  url: string;
  /** Where paying and cancelling deliver their webhooks (the app's /api/billing/webhook). */
  setWebhookUrl(url: string | null): void;
  /** While true, paying sends no webhook (the app must force a sync). */
  holdWebhooks: boolean;
  customers: Map<string, Json>;
  prices: Map<string, Json>;
  products: Map<string, Json>;
  sessions: Map<string, Json>;
  subscriptions: Map<string, Json>;
  /** Every API request: method, path and parsed params. */
  requests: { method: string; path: string; params: Params }[];
  /** Pays a session as the hosted page does; returns the events Stripe would send. */
  pay(sessionId: string): Json[];
  /** Schedules a cancellation at period end, or ends the subscription now; returns the event. */
  cancel(subscriptionId: string, when: 'period_end' | 'now'): Json;
  event(type: string, object: Json, created?: number): Json;
  /** The Stripe-Signature header for a payload (timestamp in seconds, default now). */
  sign(payload: string, timestamp?: number, secret?: string): string;
  /** POSTs an event, signed, to the webhook URL; returns the app's status. */
  deliver(event: Json): Promise<number>;
  close(): Promise<void>;
}

export async function startStripeStandIn(): Promise<StripeStandIn> {
  let base = '';
  const objects = stripeObjects(() => base);
  const idempotent = new Map<string, Json>();
  const requests: StripeStandIn['requests'] = [];
  let webhookUrl: string | null = null;

  function sign(payload: string, timestamp = now(), secret = STAND_IN_WEBHOOK_SECRET): string {
    return signer.webhooks.generateTestHeaderString({ payload, secret, timestamp });
  }

  async function deliver(evt: Json): Promise<number> {
    if (!webhookUrl) throw new Error('no webhook URL set');
    const payload = JSON.stringify(evt);
    const res = await fetch(webhookUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'stripe-signature': sign(payload) },
      body: payload,
    });
    await res.arrayBuffer();
    return res.status;
  }
  const hooks = { deliver, holdWebhooks: () => standIn.holdWebhooks };

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!url.pathname.startsWith('/v1/')) {
      if (await hostedPage(objects, hooks, req, res, url.pathname)) return;
      res.writeHead(404).end();
      return;
    }
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': idFor('req') });
      res.end(JSON.stringify(body));
    };
    if (req.headers.authorization !== `Bearer ${STAND_IN_SECRET_KEY}`) {
      send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
      return;
    }
    const params: Params = req.method === 'GET' ? qs.parse(url.search.slice(1)) : qs.parse(text);
    requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
    const key = req.headers['idempotency-key'];
    const cacheKey = typeof key === 'string' && req.method === 'POST' ? `${url.pathname}:${key}` : null;
    if (cacheKey && idempotent.has(cacheKey)) {
      send(200, idempotent.get(cacheKey));
      return;
    }
    try {
      const result = apiRoute(objects, req.method ?? 'GET', url.pathname, params);
      if (cacheKey) idempotent.set(cacheKey, result);
      send(200, result);
    } catch (error) {
      if (error instanceof StripeApiError) send(error.status, { error: error.body });
      else send(500, { error: { type: 'api_error', message: error instanceof Error ? error.message : String(error) } });
    }
  }

  const server: Server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      res.writeHead(500).end(String(error));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  const standIn: StripeStandIn = {
    url: base,
    setWebhookUrl: (url) => {
      webhookUrl = url;
    },
    holdWebhooks: false,
    customers: objects.customers,
    prices: objects.prices,
    products: objects.products,
    sessions: objects.sessions,
    subscriptions: objects.subscriptions,
    requests,
    pay: objects.pay,
    cancel: objects.cancel,
    event: objects.event,
    sign,
    deliver,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  return standIn;
}

/** The plan table's prices created in the stand-in, as `pnpm stripe:sync` creates them in a Stripe account. */
export async function stockStandIn(standIn: Pick<StripeStandIn, 'url'>): Promise<void> {
  await syncStripeCatalog(new Stripe(STAND_IN_SECRET_KEY, stripeHostOptions(standIn.url)));
}

/** The environment that points the app's Stripe client at a stand-in. */
export function stripeEnv(standIn: Pick<StripeStandIn, 'url'>): Record<string, string> {
  return { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_URL: standIn.url };
}
