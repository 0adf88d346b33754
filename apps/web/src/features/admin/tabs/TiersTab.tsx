import { Alert, Button, Checkbox, Group, Loader, NumberInput, Stack, Table, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { ADMIN_MESSAGES, MESSAGES, type TTierConfig } from '@ppp/contracts';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { tierNumber } from '../tier-number.ts';

type TierFeature = TTierConfig['features'][number];

/** Tier Editor: tiers as columns, features (boolean or number) as rows; saved at once for limits and plan features. */
export function TiersTab() {
  const tiers = trpc.billing.tiers.useQuery();
  if (tiers.isError) return <Alert color="red">{ADMIN_MESSAGES.failedToLoadTierConfig}</Alert>;
  if (!tiers.data) return <Loader aria-label="Loading tiers" />;
  return <TierForm key={JSON.stringify(tiers.data)} saved={tiers.data} />;
}

/** Saves the whole tier table; the stored one replaces the cached one. */
function useTierSave() {
  const utils = trpc.useUtils();
  const update = trpc.billing.updateTiers.useMutation();

  async function submit(values: TTierConfig) {
    try {
      const next = await update.mutateAsync({ tiers: values.tiers, features: values.features });
      utils.billing.tiers.setData(undefined, next);
      notifications.show({ color: 'teal', title: 'Saved', message: 'Tiers updated; limits and plan features apply at once.' });
    } catch (err) {
      notifications.show({ color: 'red', title: ADMIN_MESSAGES.saveFailed, message: toApiFailure(err).message ?? MESSAGES.unexpected });
    }
  }

  return { submit, saving: update.isPending };
}

function TierForm({ saved }: { saved: TTierConfig }) {
  const { submit, saving } = useTierSave();
  const form = useForm<TTierConfig>({ mode: 'controlled', initialValues: saved });
  return (
    <form onSubmit={form.onSubmit((values) => void submit(values))}>
      <Stack gap="md">
        <Text c="dimmed" size="sm">
          A blank number is 0. Numbers left empty from the start mean no limit. The unlimited tier has every feature and no limit.
        </Text>
        <Table.ScrollContainer minWidth={720}>
          <Table striped withTableBorder aria-label="Tier configuration">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Feature</Table.Th>
                {form.values.tiers.map((tier) => (
                  <Table.Th key={tier} tt="capitalize">
                    {tier}
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {form.values.features.map((feature, row) => (
                <TierFeatureRow key={feature.key} form={form} feature={feature} row={row} />
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <Group justify="flex-end">
          <Button variant="default" disabled={!form.isDirty()} onClick={() => form.reset()}>
            Reset
          </Button>
          <Button type="submit" loading={saving} disabled={!form.isDirty()}>
            Save tiers
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type TierFeatureRowProps = { form: ReturnType<typeof useForm<TTierConfig>>; feature: TierFeature; row: number };

/** One feature across the tiers: a checkbox for a boolean feature, a number (blank is no limit) otherwise. */
function TierFeatureRow({ form, feature, row }: TierFeatureRowProps) {
  return (
    <Table.Tr>
      <Table.Td>{feature.label}</Table.Td>
      {form.values.tiers.map((tier) => {
        const value = feature.values[tier] ?? null;
        const path = `features.${row}.values.${tier}`;
        const label = `${feature.label} for ${tier}`;
        return (
          <Table.Td key={tier}>
            {feature.type === 'boolean' ? (
              <Checkbox aria-label={label} checked={value === true} onChange={(e) => form.setFieldValue(path, e.currentTarget.checked)} />
            ) : (
              <NumberInput
                aria-label={label}
                value={typeof value === 'number' ? value : ''}
                placeholder={value === null ? 'no limit' : undefined}
                min={0}
                allowDecimal={false}
                allowNegative={false}
                onChange={(v) => form.setFieldValue(path, tierNumber(v))}
                w={110}
              />
            )}
          </Table.Td>
        );
      })}
    </Table.Tr>
  );
}
