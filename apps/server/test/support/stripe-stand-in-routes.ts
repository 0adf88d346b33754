import type { IncomingMessage, ServerResponse } from 'node:http';
import { StripeApiError, missing, type Json, type Params } from './stripe-stand-in-basics.ts';
import type { StripeObjects } from './stripe-stand-in-objects.ts';

/** The object `id` of a store, or Stripe's 404 naming its kind. */
function stored(store: Map<string, Json>, kind: string, id: string): Json {
  const object = store.get(id);
  if (!object) throw missing(kind, id);
  return object;
}

/** Stripe's REST routes the app calls (/v1/...), answered from the stand-in's objects. */
export function apiRoute(objects: StripeObjects, method: string, path: string, params: Params): Json {
  const {
    customers,
    products,
    sessions,
    subscriptions,
    envelope,
    createCustomer,
    createProduct,
    createPrice,
    listPrices,
    createSession,
    createPortal,
  } = objects;
  const parts = path.split('/').filter(Boolean).slice(1);
  const [resource, id, action] = parts;
  if (resource === 'customers' && method === 'POST' && !id) return createCustomer(params);
  if (resource === 'customers' && method === 'GET' && id) return stored(customers, 'customer', id);
  if (resource === 'products' && method === 'POST' && !id) return createProduct(params);
  if (resource === 'products' && method === 'GET' && !id)
    return envelope([...products.values()].slice(0, Number(params.limit ?? 10)), '/v1/products');
  if (resource === 'products' && method === 'GET' && id) return stored(products, 'product', id);
  if (resource === 'prices' && method === 'POST' && !id) return createPrice(params);
  if (resource === 'prices' && method === 'GET' && !id) return listPrices(params);
  if (resource === 'checkout' && id === 'sessions' && method === 'POST' && !action) return createSession(params);
  if (resource === 'checkout' && id === 'sessions' && method === 'GET' && action) return stored(sessions, 'checkout.session', action);
  if (resource === 'subscriptions' && method === 'GET' && id) return stored(subscriptions, 'subscription', id);
  if (resource === 'billing_portal' && id === 'sessions' && method === 'POST') return createPortal(params);
  throw new StripeApiError(404, { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path}).` });
}

const html = (res: ServerResponse, body: string) => {
  res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
  res.end(`<!doctype html><html><head><title>Stripe stand-in</title></head><body>${body}</body></html>`);
};

/**
 * The two browser pages that stand in for Stripe's hosted ones: the checkout page (Pay sends the
 * webhooks unless they are held, then returns to success_url) and the billing portal (Cancel plan
 * schedules the cancellation at period end, then returns to return_url).
 */
export async function hostedPage(
  objects: StripeObjects,
  hooks: { deliver(event: Json): Promise<number>; holdWebhooks(): boolean },
  req: IncomingMessage,
  res: ServerResponse,
  path: string,
): Promise<boolean> {
  const { sessions, portals, subscriptions, lineItemsOf, pay, cancel } = objects;
  const deliver = hooks.deliver;
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
    if (!hooks.holdWebhooks()) for (const evt of events) await deliver(evt);
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
