/** The worker's tests take their generated speech from the shared test support. */
export { decodedMs, spokenSlots, type SpokenSlotsOptions } from '@ppp/server/test-support';
