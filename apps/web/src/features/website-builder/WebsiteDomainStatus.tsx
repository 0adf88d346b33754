import { Alert, Badge, Button, Code, CopyButton, Group, Stack, Table, Text } from '@mantine/core';
import type { TCustomDomainStatus } from '@ppp/contracts';

const STATE_BADGE: Record<TCustomDomainStatus['state'], { color: string; label: string }> = {
  pending: { color: 'yellow', label: 'Pending' },
  verified: { color: 'green', label: 'Verified' },
  failed: { color: 'red', label: 'Not verified' },
};

function CopyValue({ value, label }: { value: string; label: string }) {
  return (
    <Group gap="xs" wrap="nowrap">
      <Code style={{ wordBreak: 'break-all' }}>{value}</Code>
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button size="compact-xs" variant="light" onClick={copy} aria-label={`Copy ${label}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** The TXT record that proves the claim, name and value with copy buttons, and the HTTP challenge's address. */
function TxtRecord({ status }: { status: TCustomDomainStatus }) {
  return (
    <>
      <Text size="sm">Prove that the domain is yours: at your DNS provider add this TXT record, then press Verify now.</Text>
      <Table withTableBorder layout="fixed" verticalSpacing={4}>
        <Table.Tbody>
          <Table.Tr>
            <Table.Th w={80}>Name</Table.Th>
            <Table.Td>
              <CopyValue value={status.txt_name} label="record name" />
            </Table.Td>
          </Table.Tr>
          <Table.Tr>
            <Table.Th>Value</Table.Th>
            <Table.Td>
              <CopyValue value={status.txt_value} label="record value" />
            </Table.Td>
          </Table.Tr>
        </Table.Tbody>
      </Table>
      <Text size="xs" c="dimmed">
        A domain already pointed here proves itself too: this site answers {status.http_url} with the value.
      </Text>
    </>
  );
}

/**
 * Issue 35: the custom domain's proof: its state (pending, verified, failed with the reason), the TXT
 * record that proves it (name and value, with copy buttons) and Verify now.
 */
export function WebsiteDomainStatus({
  status,
  verifying,
  onVerify,
}: {
  status: TCustomDomainStatus;
  verifying: boolean;
  onVerify: () => void;
}) {
  const badge = STATE_BADGE[status.state];
  return (
    <Stack gap="xs" data-testid="domain-status">
      <Group gap="xs">
        <Text size="sm" fw={500}>
          {status.domain}
        </Text>
        <Badge color={badge.color} variant="light">
          {badge.label}
        </Badge>
        {status.serving && (
          <Text size="xs" c="dimmed">
            serving your site
          </Text>
        )}
      </Group>
      {status.failure && (
        <Alert color={status.state === 'failed' ? 'red' : 'yellow'} role="status">
          {status.failure}
        </Alert>
      )}
      {status.grace_until && (
        <Alert color="yellow" role="status">
          Your plan no longer includes a custom domain: it stops serving on {status.grace_until.toLocaleString()}.
        </Alert>
      )}
      {status.state !== 'verified' && <TxtRecord status={status} />}
      <Group gap="xs">
        <Button size="xs" variant="light" loading={verifying} onClick={onVerify}>
          Verify now
        </Button>
        {status.checked_at && (
          <Text size="xs" c="dimmed">
            Last checked {status.checked_at.toLocaleString()}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
