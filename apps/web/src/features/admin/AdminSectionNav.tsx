import { NativeSelect, Tabs, Text } from '@mantine/core';
import { ADMIN_OPERATION_TABS, ADMIN_TABS } from '@ppp/contracts';

type AdminSectionNavProps = { tab: string; onOpen: (next: string | null) => void };

/** On a phone: one select over every admin section. */
export function AdminSectionSelect({ tab, onOpen }: AdminSectionNavProps) {
  return (
    <NativeSelect
      label="Admin section"
      value={tab}
      onChange={(e) => onOpen(e.currentTarget.value)}
      data={[...ADMIN_TABS, ...ADMIN_OPERATION_TABS].map((t) => ({ value: t.key, label: t.label }))}
    />
  );
}

/** On a wider screen: vertical tabs in the spec's order, the operations under their own heading. */
export function AdminSideTabs({ tab, onOpen }: AdminSectionNavProps) {
  return (
    <Tabs orientation="vertical" value={tab} onChange={onOpen} variant="pills" aria-label="Admin sections" miw={190}>
      <Tabs.List>
        {ADMIN_TABS.map((t) => (
          <Tabs.Tab key={t.key} value={t.key}>
            {t.label}
          </Tabs.Tab>
        ))}
        <Text size="xs" c="dimmed" fw={700} tt="uppercase" mt="md" mb={4} px="sm">
          Operations
        </Text>
        {ADMIN_OPERATION_TABS.map((t) => (
          <Tabs.Tab key={t.key} value={t.key}>
            {t.label}
          </Tabs.Tab>
        ))}
      </Tabs.List>
    </Tabs>
  );
}
