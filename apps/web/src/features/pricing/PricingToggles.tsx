import { SegmentedControl, Stack, Text } from '@mantine/core';
import { PRICING } from '@ppp/contracts';
import type { TPricingMode, TPricingState } from './pricing-state.ts';

export interface PricingTogglesProps {
  state: TPricingState;
  onMode: (mode: TPricingMode) => void;
  onAnnual: (annual: boolean) => void;
}

/** Founders Pricing vs Standard Pricing (Nov 1); in standard mode, Monthly vs Annual (Save 20%). */
export function PricingToggles({ state, onMode, onAnnual }: PricingTogglesProps) {
  return (
    <Stack align="center" gap="sm">
      <SegmentedControl
        aria-label="Pricing"
        size="md"
        radius="xl"
        fullWidth
        w="100%"
        maw={460}
        styles={{ label: { whiteSpace: 'normal', lineHeight: 1.3 } }}
        value={state.mode}
        onChange={(v) => onMode(v === 'early' ? 'early' : 'standard')}
        data={[
          { value: 'early', label: 'Founders Pricing' },
          { value: 'standard', label: `Standard Pricing (${PRICING.standardPricingStarts})` },
        ]}
      />
      {state.mode === 'standard' && (
        <>
          <SegmentedControl
            aria-label="Billing period"
            radius="xl"
            value={state.annual ? 'annual' : 'monthly'}
            onChange={(v) => onAnnual(v === 'annual')}
            data={[
              { value: 'monthly', label: 'Monthly' },
              { value: 'annual', label: `Annual (${PRICING.annualSavingsLabel})` },
            ]}
          />
          <Text size="sm" c="dimmed">
            {PRICING.starterAnnualNote}
          </Text>
        </>
      )}
    </Stack>
  );
}
