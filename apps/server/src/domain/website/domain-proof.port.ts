import { Resolver } from 'node:dns/promises';
import { CUSTOM_DOMAIN } from '@ppp/contracts';

/** What a look-up found: the answers, none (the name or record does not exist), or no answer at all. */
export type TxtLookup = { found: string[] } | { missing: true } | { error: string };

/**
 * The name-resolution port (ARCHITECTURE 'Ports and adapters'): how a custom domain's claim is
 * proven. The system resolver and a plain HTTP GET by default; tests inject a stand-in.
 */
export interface DomainProofPort {
  /** The TXT records at `name`, each record's strings joined. */
  txt(name: string): Promise<TxtLookup>;
  /** The body `http://{domain}{path}` answers with 200 (no redirect followed), or null. */
  httpGet(domain: string, path: string): Promise<string | null>;
}

/** DNS answers that mean "no such record", as opposed to a name server that did not answer. */
const MISSING = new Set(['ENOTFOUND', 'ENODATA', 'ENONAME']);

/** The system resolver (node:dns/promises resolveTxt) and fetch, each bounded by CUSTOM_DOMAIN.lookupTimeoutMs. */
export function systemDomainProof(): DomainProofPort {
  return {
    async txt(name) {
      const resolver = new Resolver({ timeout: CUSTOM_DOMAIN.lookupTimeoutMs, tries: 2 });
      try {
        return { found: (await resolver.resolveTxt(name)).map((chunks) => chunks.join('')) };
      } catch (error) {
        const code = (error as { code?: unknown }).code;
        return typeof code === 'string' && MISSING.has(code) ? { missing: true } : { error: String(code ?? error) };
      }
    },
    async httpGet(domain, path) {
      try {
        const res = await fetch(`http://${domain}${path}`, {
          redirect: 'manual',
          signal: AbortSignal.timeout(CUSTOM_DOMAIN.lookupTimeoutMs),
        });
        if (res.status !== 200) return null;
        return (await res.text()).slice(0, 1024);
      } catch {
        return null;
      }
    },
  };
}
