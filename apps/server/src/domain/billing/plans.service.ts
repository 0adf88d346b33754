/**
 * The entitlement service's former name: every plan question is answered by EntitlementsService
 * (entitlements.service.ts); this name stays for the callers that still import it.
 */
export { EntitlementsService as PlansService, type EffectivePlan } from './entitlements.service.ts';
