/** Pricing page state (spec 002 section 4): standard by default; choosing early (founders) forces annual off. */
export type TPricingMode = 'standard' | 'early';

export interface TPricingState {
  mode: TPricingMode;
  annual: boolean;
}

export const INITIAL_PRICING_STATE: TPricingState = { mode: 'standard', annual: false };

export function withMode(state: TPricingState, mode: TPricingMode): TPricingState {
  return { mode, annual: mode === 'early' ? false : state.annual };
}

/** Annual billing only exists in standard mode. */
export function withAnnual(state: TPricingState, annual: boolean): TPricingState {
  return state.mode === 'early' ? { ...state, annual: false } : { ...state, annual };
}
