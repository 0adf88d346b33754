import type { RequestContext } from './request-context.ts';

export interface HttpEnv {
  Variables: { ctx: RequestContext };
}
