import type { HttpBindings } from '@hono/node-server';
import type { RequestContext } from './request-context.ts';

export interface HttpEnv {
  /** The Node request and response behind a request served by node:http (none in app.request() tests). */
  Bindings: Partial<HttpBindings>;
  Variables: { ctx: RequestContext };
}
