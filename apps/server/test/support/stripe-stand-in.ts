import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import qs from 'qs';
import Stripe from 'stripe';

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

type Json = Record<string, unknown>;
type Params = Record<string, unknown>;

const now = () => Math.floor(Date.now() / 1000);
const idFor = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
const signer = new Stripe(STAND_IN_SECRET_KEY);

class StripeApiError extends Error {
  readonly status: number;
  readonly body: { type: string; message: string; code?: string; param?: string };
  constructor(status: number, body: { type: string; message: string; code?: string; param?: string }) {
    super(body.message);
    this.status = status;
    this.body = body;
  }
}
const missing = (kind: string, id: string, param = 'id') =>
  new StripeApiError(404, { type: 'invalid_request_error', code: 'resource_missing', message: `No such ${kind}: '${id}'`, param });
const required = (param: string) =>
  new StripeApiError(400, {
    type: 'invalid_request_error',
    code: 'parameter_missing',
    message: `Missing required param: ${param}.`,
    param,
  });

const str = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);
const record = (value: unknown): Record<string, string> =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value).filter((entry): entry is [string, string] => typeof entry[1] === 'string'))
    : {};
const list = (value: unknown): unknown[] => (Array.isArray(value) ? value : value && typeof value === 'object' ? Object.values(value) : []);

function addInterval(seconds: number, interval: string): number {
  const date = new Date(seconds * 1000);
  if (interval === 'year') date.setUTCFullYear(date.getUTCFullYear() + 1);
  else date.setUTCMonth(date.getUTCMonth() + 1);
  return Math.floor(date.getTime() / 1000);
}

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
  const customers = new Map<string, Json>();
  const prices = new Map<string, Json>();
  const products = new Map<string, Json>();
  const sessions = new Map<string, Json>();
  const subscriptions = new Map<string, Json>();
  const portals = new Map<string, Json>();
  const idempotent = new Map<string, Json>();
  const requests: StripeStandIn['requests'] = [];
  let webhookUrl: string | null = null;
  let base = '';

  const envelope = (data: Json[], url: string) => ({ object: 'list', data, has_more: false, url });

  function createCustomer(params: Params): Json {
    const customer = {
      id: idFor('cus'),
      object: 'customer',
      created: now(),
      email: str(params.email) ?? null,
      livemode: false,
      metadata: record(params.metadata),
    };
    customers.set(String(customer.id), customer);
    return customer;
  }

  function createProduct(params: Params): Json {
    const name = str(params.name);
    if (!name) throw required('name');
    const product = {
      id: str(params.id) ?? idFor('prod'),
      object: 'product',
      active: true,
      created: now(),
      updated: now(),
      name,
      description: null,
      default_price: null,
      livemode: false,
      metadata: record(params.metadata),
    };
    products.set(String(product.id), product);
    return product;
  }

  function createPrice(params: Params): Json {
    const product = str(params.product);
    if (!product) throw required('product');
    if (!products.has(product)) throw missing('product', product, 'product');
    const currency = str(params.currency);
    if (!currency) throw required('currency');
    const recurring = params.recurring && typeof params.recurring === 'object' ? record(params.recurring) : null;
    const lookupKey = str(params.lookup_key) ?? null;
    if (lookupKey && [...prices.values()].some((p) => p.lookup_key === lookupKey)) {
      throw new StripeApiError(400, {
        type: 'invalid_request_error',
        message: `A price (\`${lookupKey}\`) already uses that lookup key.`,
        param: 'lookup_key',
      });
    }
    const amount = Number(params.unit_amount);
    const price = {
      id: idFor('price'),
      object: 'price',
      active: true,
      billing_scheme: 'per_unit',
      created: now(),
      currency,
      livemode: false,
      lookup_key: lookupKey,
      metadata: record(params.metadata),
      nickname: null,
      product,
      recurring: recurring
        ? { interval: recurring.interval ?? 'month', interval_count: 1, trial_period_days: null, usage_type: 'licensed' }
        : null,
      tax_behavior: 'unspecified',
      type: recurring ? 'recurring' : 'one_time',
      unit_amount: amount,
      unit_amount_decimal: String(amount),
    };
    prices.set(price.id, price);
    return price;
  }

  function listPrices(params: Params): Json {
    const keys = list(params.lookup_keys).map(String);
    const active = params.active === undefined ? null : params.active === 'true';
    const data = [...prices.values()].filter(
      (p) => (keys.length === 0 || keys.includes(String(p.lookup_key))) && (active === null || p.active === active),
    );
    return envelope(data.slice(0, Number(params.limit ?? 10)), '/v1/prices');
  }

  function createSession(params: Params): Json {
    const mode = str(params.mode);
    if (!mode) throw required('mode');
    const successUrl = str(params.success_url);
    if (!successUrl) throw required('success_url');
    const items = list(params.line_items).map((item) => record(item));
    if (items.length === 0) throw required('line_items');
    const customer = str(params.customer) ?? null;
    if (customer && !customers.has(customer)) throw missing('customer', customer, 'customer');
    let amount = 0;
    const lineItems = items.map((item, index) => {
      const priceId = item.price ?? '';
      const price = prices.get(priceId);
      if (!price) throw missing('price', priceId, `line_items[${index}][price]`);
      const quantity = Number(item.quantity ?? 1);
      amount += Number(price.unit_amount) * quantity;
      return { price, quantity };
    });
    const id = `cs_test_${randomBytes(16).toString('hex')}`;
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: amount,
      amount_total: amount,
      cancel_url: str(params.cancel_url) ?? null,
      client_reference_id: str(params.client_reference_id) ?? null,
      created: now(),
      currency: String(lineItems[0]?.price.currency ?? 'usd'),
      customer,
      expires_at: Number(params.expires_at ?? now() + 24 * 3600),
      livemode: false,
      metadata: record(params.metadata),
      mode,
      payment_intent: null,
      payment_status: 'unpaid',
      status: 'open',
      subscription: null,
      success_url: successUrl,
      url: `${base}/c/pay/${id}`,
    };
    sessions.set(id, session);
    const subscriptionData =
      params.subscription_data && typeof params.subscription_data === 'object' ? (params.subscription_data as Params) : {};
    lineItemsOf.set(id, { items: lineItems, subscriptionMetadata: record(subscriptionData.metadata) });
    return session;
  }
  const lineItemsOf = new Map<string, { items: { price: Json; quantity: number }[]; subscriptionMetadata: Record<string, string> }>();

  function createSubscription(session: Json): Json {
    const line = lineItemsOf.get(String(session.id))?.items[0];
    if (!line) throw new Error('session without items');
    const start = now();
    const interval = String((line.price.recurring as Json | null)?.interval ?? 'month');
    const id = idFor('sub');
    const sub = {
      id,
      object: 'subscription',
      billing_cycle_anchor: start,
      cancel_at: null,
      cancel_at_period_end: false,
      canceled_at: null,
      created: start,
      currency: line.price.currency,
      customer: session.customer,
      ended_at: null,
      items: {
        object: 'list',
        data: [
          {
            id: idFor('si'),
            object: 'subscription_item',
            created: start,
            current_period_start: start,
            current_period_end: addInterval(start, interval),
            price: line.price,
            quantity: line.quantity,
            subscription: id,
          },
        ],
        has_more: false,
        url: `/v1/subscription_items?subscription=${id}`,
      },
      latest_invoice: null,
      livemode: false,
      metadata: lineItemsOf.get(String(session.id))?.subscriptionMetadata ?? {},
      start_date: start,
      status: 'active',
    };
    subscriptions.set(id, sub);
    return sub;
  }

  function invoiceFor(sub: Json): Json {
    const item = (sub.items as { data: Json[] }).data[0];
    const amount = Number((item?.price as Json).unit_amount) * Number(item?.quantity ?? 1);
    return {
      id: idFor('in'),
      object: 'invoice',
      amount_due: amount,
      amount_paid: amount,
      currency: sub.currency,
      customer: sub.customer,
      created: now(),
      parent: { type: 'subscription_details', quote_details: null, subscription_details: { metadata: sub.metadata, subscription: sub.id } },
      status: 'paid',
    };
  }

  function event(type: string, object: Json, created = now()): Json {
    return {
      id: idFor('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created,
      data: { object },
      livemode: false,
      pending_webhooks: 1,
      request: { id: null, idempotency_key: null },
      type,
    };
  }

  function pay(sessionId: string): Json[] {
    const session = sessions.get(sessionId);
    if (!session) throw missing('checkout.session', sessionId);
    if (session.status !== 'open') return [];
    session.status = 'complete';
    session.payment_status = 'paid';
    const events: Json[] = [];
    if (session.mode === 'subscription') {
      const sub = createSubscription(session);
      session.subscription = sub.id;
      events.push(event('customer.subscription.created', structuredClone(sub)), event('invoice.paid', invoiceFor(sub)));
    } else {
      session.payment_intent = idFor('pi');
    }
    events.unshift(event('checkout.session.completed', structuredClone(session)));
    return events;
  }

  function cancel(subscriptionId: string, when: 'period_end' | 'now'): Json {
    const sub = subscriptions.get(subscriptionId);
    if (!sub) throw missing('subscription', subscriptionId);
    const periodEnd = Number((sub.items as { data: Json[] }).data[0]?.current_period_end);
    if (when === 'period_end') {
      sub.cancel_at_period_end = true;
      sub.cancel_at = periodEnd;
      return event('customer.subscription.updated', structuredClone(sub));
    }
    sub.status = 'canceled';
    sub.canceled_at = now();
    sub.ended_at = now();
    return event('customer.subscription.deleted', structuredClone(sub));
  }

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

  function api(method: string, path: string, params: Params): Json {
    const parts = path.split('/').filter(Boolean).slice(1);
    const [resource, id, action] = parts;
    if (resource === 'customers' && method === 'POST' && !id) return createCustomer(params);
    if (resource === 'customers' && method === 'GET' && id)
      return (
        customers.get(id) ??
        (() => {
          throw missing('customer', id);
        })()
      );
    if (resource === 'products' && method === 'POST' && !id) return createProduct(params);
    if (resource === 'products' && method === 'GET' && !id)
      return envelope([...products.values()].slice(0, Number(params.limit ?? 10)), '/v1/products');
    if (resource === 'products' && method === 'GET' && id)
      return (
        products.get(id) ??
        (() => {
          throw missing('product', id);
        })()
      );
    if (resource === 'prices' && method === 'POST' && !id) return createPrice(params);
    if (resource === 'prices' && method === 'GET' && !id) return listPrices(params);
    if (resource === 'checkout' && id === 'sessions' && method === 'POST' && !action) return createSession(params);
    if (resource === 'checkout' && id === 'sessions' && method === 'GET' && action)
      return (
        sessions.get(action) ??
        (() => {
          throw missing('checkout.session', action);
        })()
      );
    if (resource === 'subscriptions' && method === 'GET' && id)
      return (
        subscriptions.get(id) ??
        (() => {
          throw missing('subscription', id);
        })()
      );
    if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') {
      const customer = str(params.customer);
      if (!customer) throw required('customer');
      if (!customers.has(customer)) throw missing('customer', customer, 'customer');
      const portalId = idFor('bps');
      const portal = {
        id: portalId,
        object: 'billing_portal.session',
        configuration: 'bpc_standin',
        created: now(),
        customer,
        livemode: false,
        locale: null,
        on_behalf_of: null,
        return_url: str(params.return_url) ?? null,
        url: `${base}/p/session/${portalId}`,
      };
      portals.set(portalId, portal);
      return portal;
    }
    throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
  }

  const html = (res: ServerResponse, body: string) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(`<!doctype html><html><head><title>Stripe stand-in</title></head><body>${body}</body></html>`);
  };

  async function pages(req: IncomingMessage, res: ServerResponse, path: string): Promise<boolean> {
    const payPage = /^\/c\/pay\/([\w]+)$/.exec(path);
    if (payPage?.[1]) {
      const session = sessions.get(payPage[1]);
      if (!session) return false;
      if (req.method === 'GET') {
        const line = lineItemsOf.get(payPage[1])?.items[0];
        html(
          res,
          `<h1>Pay Podcast Plus Plus</h1><p id="amount">${(Number(session.amount_total) / 100).toFixed(2)} ${String(session.currency).toUpperCase()}</p><p>${String(line?.price.lookup_key ?? '')}</p><form method="post"><button type="submit">Pay</button></form>`,
        );
        return true;
      }
      const events = pay(payPage[1]);
      if (!standIn.holdWebhooks) for (const evt of events) await deliver(evt);
      res.writeHead(303, { location: String(session.success_url).replace('{CHECKOUT_SESSION_ID}', String(session.id)) });
      res.end();
      return true;
    }
    const portal = /^\/p\/session\/([\w]+)(\/cancel)?$/.exec(path);
    if (portal?.[1]) {
      const session = portals.get(portal[1]);
      if (!session) return false;
      const sub = [...subscriptions.values()].find((s) => s.customer === session.customer && s.status === 'active');
      if (req.method === 'GET') {
        html(
          res,
          `<h1>Billing portal</h1><p>${sub ? `Subscription ${String(sub.id)}` : 'No subscription'}</p>${sub ? `<form method="post" action="/p/session/${portal[1]}/cancel"><button type="submit">Cancel plan</button></form>` : ''}<a href="${String(session.return_url)}">Return to Podcast Plus Plus</a>`,
        );
        return true;
      }
      if (sub) await deliver(cancel(String(sub.id), 'period_end'));
      res.writeHead(303, { location: String(session.return_url) });
      res.end();
      return true;
    }
    return false;
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', base);
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const text = Buffer.concat(chunks).toString('utf8');
    if (!url.pathname.startsWith('/v1/')) {
      if (await pages(req, res, url.pathname)) return;
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
      const result = api(req.method ?? 'GET', url.pathname, params);
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
    customers,
    prices,
    products,
    sessions,
    subscriptions,
    requests,
    pay,
    cancel,
    event,
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

/** The environment that points the app's Stripe client at a stand-in. */
export function stripeEnv(standIn: Pick<StripeStandIn, 'url'>): Record<string, string> {
  return { STRIPE_SECRET_KEY: STAND_IN_SECRET_KEY, STRIPE_WEBHOOK_SECRET: STAND_IN_WEBHOOK_SECRET, STRIPE_API_URL: standIn.url };
}
