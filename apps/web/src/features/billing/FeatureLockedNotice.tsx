import { Alert, Button, Group, Text } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import { CREATOR_STEP_COPY, type TPlanFeature } from '@ppp/contracts';
import { requestBillingNavigation } from '../episode-creator/details/billing-navigation.ts';
import { lockedMessage } from './plan-features.ts';

/** A plan feature shown as locked (spec 002 §9): what it is, that the plan lacks it, and Upgrade Plan. */
export function FeatureLockedNotice({ feature, compact = false }: { feature: TPlanFeature; compact?: boolean }) {
  return (
    <Alert
      color="gray"
      variant="light"
      icon={<IconLock size={16} aria-hidden="true" />}
      py={compact ? 6 : undefined}
      data-testid={`feature-locked-${feature}`}
    >
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">{lockedMessage(feature)}</Text>
        <Button size="xs" variant="light" onClick={() => requestBillingNavigation('upgrade')}>
          {CREATOR_STEP_COPY.upgradePlan}
        </Button>
      </Group>
    </Alert>
  );
}
