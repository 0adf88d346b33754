import { Button, Card, Group, NumberInput, Stack, Text, Title } from '@mantine/core';
import { PAYMENTS, formatDollars, getTier, minutesRateTier, type TTierKey } from '@ppp/contracts';
import { highlightStyle } from './highlight-style.ts';
import { CheckoutError } from '../pricing/PlanCard.tsx';
import { useBuyMinutesForm } from './use-buy-minutes-form.ts';

function BuyMinutesIntro({ rate, shortfallMinutes }: { rate: number; shortfallMinutes: number | null }) {
  return (
    <>
      <Title order={2} size="h3">
        Buy minutes
      </Title>
      <Text size="sm" c="dimmed">
        {`Bought minutes roll over and are spent after your monthly ones. ${formatDollars(rate)} an hour on your plan.`}
      </Text>
      {shortfallMinutes !== null && (
        <Text size="sm" data-testid="minutes-shortfall">
          {`Your episode needs ${shortfallMinutes} more minute${shortfallMinutes === 1 ? '' : 's'}.`}
        </Text>
      )}
    </>
  );
}

/** Buy minutes by the hour at the plan's extra rate; after 'Not enough processing minutes', the hours that cover the shortfall. */
export function BuyMinutesForm({
  tier,
  shortfallMinutes,
  busy,
  error = null,
  highlighted,
  onBuy,
}: {
  tier: TTierKey;
  shortfallMinutes: number | null;
  busy: boolean;
  /** Why the purchase's checkout could not start (payments unavailable, ...), shown under its button. */
  error?: string | null;
  highlighted: boolean;
  onBuy(hours: number): void;
}) {
  const rateTier = minutesRateTier(tier);
  const form = useBuyMinutesForm(shortfallMinutes);
  if (rateTier === null) return null;
  const rate = getTier(rateTier).extraRateCentsPerHour ?? 0;
  const hours = Number(form.values.hours) || 0;
  return (
    <Card withBorder padding="lg" id="buy-minutes" style={highlightStyle(highlighted)}>
      <form onSubmit={form.onSubmit((values) => onBuy(Number(values.hours)))}>
        <Stack gap="sm">
          <BuyMinutesIntro rate={rate} shortfallMinutes={shortfallMinutes} />
          <Group align="flex-end" gap="sm">
            <NumberInput
              label="Hours"
              min={1}
              max={PAYMENTS.maxHoursPerPurchase}
              step={1}
              allowDecimal={false}
              w={140}
              {...form.getInputProps('hours')}
            />
            <Button type="submit" loading={busy}>
              {`Buy ${hours * 60} minutes for ${formatDollars(rate * hours)}`}
            </Button>
          </Group>
          <CheckoutError error={error} />
        </Stack>
      </form>
    </Card>
  );
}
