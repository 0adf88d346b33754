import { useState } from 'react';
import { Alert, Avatar, Badge, Button, Group, Loader, Select, Switch, Table, Text, TextInput, Tooltip } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ADMIN_MESSAGES, ADMIN_PAGES, MESSAGES, ZTier, type TAdminUser, type TAdminUserUpdate, type TTierKey } from '@ppp/contracts';
import { DataTable } from '@ppp/ui';
import { trpc } from '../../../lib/trpc.ts';
import { toApiFailure } from '../../../lib/api-error.ts';
import { formatDay, formatWhen } from '../admin-format.ts';
import { AdminSearchList } from '../AdminSearchList.tsx';
import { useAdminSearchPages } from '../use-admin-pages.ts';
import { cleanExpiryInput, formatExpiry, parseExpiry, plusOneMonth, plusOneYear, todayUtc, EXPIRY_INPUT_MAX } from '../expiry-date.ts';

/** Users: 10 per page, search by email or name, tier, active and expiry edited in place. */
export function UsersTab() {
  const pages = useAdminSearchPages(ADMIN_PAGES.users);
  const users = trpc.admin.users.useQuery({ search: pages.query, limit: pages.limit, offset: pages.offset });
  return (
    <AdminSearchList
      pages={pages}
      result={users}
      search={{ label: 'Search users', placeholder: 'Email or name', icon: <IconSearch size={16} /> }}
      nouns={['user', 'users']}
      failed={ADMIN_MESSAGES.failedToLoadUsers}
      loadingLabel="Loading users"
      totalTestId="users-total"
      pagesLabel="Users pages"
    >
      {(items) => <UsersTable users={items} />}
    </AdminSearchList>
  );
}

/**
 * The tiers a user can be put on: the tier table's (GET /api/admin/tiers), unlimited always; the
 * built-in list with 'Failed to load tiers' when that read fails.
 */
function useTierOptions(): { options: readonly TTierKey[]; failed: boolean } {
  const config = trpc.billing.tiers.useQuery(undefined, { staleTime: 60_000, retry: false });
  const listed = (config.data?.tiers ?? []).flatMap((tier) => {
    const parsed = ZTier.safeParse(tier);
    return parsed.success ? [parsed.data] : [];
  });
  if (!config.data || listed.length === 0) return { options: ZTier.options, failed: config.isError };
  return { options: [...new Set<TTierKey>([...listed, 'unlimited'])], failed: false };
}

function UsersTable({ users }: { users: TAdminUser[] }) {
  const tiers = useTierOptions();
  return (
    <>
      {tiers.failed && (
        <Alert color="red" variant="light">
          {ADMIN_MESSAGES.failedToLoadTiers}
        </Alert>
      )}
      <UsersDataTable users={users} tiers={tiers.options} />
    </>
  );
}

function UsersDataTable({ users, tiers }: { users: TAdminUser[]; tiers: readonly TTierKey[] }) {
  return (
    <DataTable
      striped
      label="Users"
      minWidth={980}
      highlightOnHover
      columns={['User', 'Tier', 'Active', 'Created', 'Last activity', 'Episodes', 'Subscription expiry']}
    >
      {users.map((user) => (
        <UserRow key={user.id} user={user} tiers={tiers} />
      ))}
    </DataTable>
  );
}

/** Saves one change to a user (tier, active, expiry); a refusal shows on that row only. */
function useUserSave(id: string) {
  const utils = trpc.useUtils();
  const update = trpc.admin.updateUser.useMutation();
  const [error, setError] = useState<string | null>(null);

  async function save(patch: TAdminUserUpdate) {
    setError(null);
    try {
      await update.mutateAsync({ id, ...patch });
      await utils.admin.users.invalidate();
    } catch (err) {
      setError(toApiFailure(err).message ?? MESSAGES.unexpected);
    }
  }

  return { save, saving: update.isPending, error };
}

function UserRow({ user, tiers }: { user: TAdminUser; tiers: readonly TTierKey[] }) {
  const { save, saving, error } = useUserSave(user.id);
  return (
    <Table.Tr data-testid={`user-row-${user.email}`}>
      <Table.Td>
        <UserIdentity user={user} saving={saving} error={error} />
      </Table.Td>
      <Table.Td>
        <Select
          aria-label={`Tier of ${user.email}`}
          data={tiers}
          value={user.tier}
          allowDeselect={false}
          onChange={(tier) => {
            const parsed = ZTier.safeParse(tier);
            if (parsed.success) void save({ tier: parsed.data });
          }}
          w={130}
        />
      </Table.Td>
      <Table.Td>
        <Switch
          aria-label={`${user.email} active`}
          checked={user.is_active}
          onChange={(e) => void save({ is_active: e.currentTarget.checked })}
        />
      </Table.Td>
      <Table.Td>{formatDay(user.created_at)}</Table.Td>
      <Table.Td>{formatWhen(user.last_activity)}</Table.Td>
      <Table.Td>{user.episode_count}</Table.Td>
      <Table.Td>
        <ExpiryEditor user={user} onSave={(date) => void save({ subscription_expires_at: date })} />
      </Table.Td>
    </Table.Tr>
  );
}

/** Avatar, email (with an admin badge), name, and the row's saving or error state. */
function UserIdentity({ user, saving, error }: { user: TAdminUser; saving: boolean; error: string | null }) {
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ');
  return (
    <Group gap="sm" wrap="nowrap">
      <Avatar src={user.avatar} size="sm" radius="xl" alt="" />
      <div>
        <Text size="sm" fw={600}>
          {user.email} {user.is_admin && <Badge size="xs">admin</Badge>}
        </Text>
        {name && (
          <Text size="xs" c="dimmed">
            {name}
          </Text>
        )}
      </div>
      {saving && <Loader size="xs" aria-label="Saving" />}
      {error && (
        <Tooltip label={error} withArrow>
          <Badge color="red" data-testid="user-save-error" tabIndex={0} aria-label={`${ADMIN_MESSAGES.perUserError}: ${error}`}>
            {ADMIN_MESSAGES.perUserError}
          </Badge>
        </Tooltip>
      )}
    </Group>
  );
}

/** MM/DD/YYYY with +1M, +1Y, Today and Clear; an invalid date gets a red border and is not saved. */
function ExpiryEditor({ user, onSave }: { user: TAdminUser; onSave: (date: Date | null) => void }) {
  const saved = formatExpiry(user.subscription_expires_at);
  const [text, setText] = useState(saved);
  const [seen, setSeen] = useState(saved);
  if (seen !== saved) {
    // The server's value changed (a save or a reload): show it.
    setSeen(saved);
    setText(saved);
  }
  const parsed = parseExpiry(text);
  const base = user.subscription_expires_at ?? todayUtc();

  function commit(next: string) {
    setText(next);
    const result = parseExpiry(next);
    if (next === saved || result.kind === 'invalid') return;
    onSave(result.kind === 'date' ? result.date : null);
  }

  return (
    <Group gap={4} wrap="nowrap">
      <TextInput
        aria-label={`Subscription expiry of ${user.email}`}
        placeholder="MM/DD/YYYY"
        value={text}
        maxLength={EXPIRY_INPUT_MAX}
        error={parsed.kind === 'invalid'}
        onChange={(e) => setText(cleanExpiryInput(e.currentTarget.value))}
        onBlur={() => commit(text)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') commit(text);
        }}
        w={120}
      />
      <Button size="compact-xs" variant="default" onClick={() => commit(formatExpiry(plusOneMonth(base)))}>
        +1M
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => commit(formatExpiry(plusOneYear(base)))}>
        +1Y
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => commit(formatExpiry(todayUtc()))}>
        Today
      </Button>
      <Button size="compact-xs" variant="default" onClick={() => commit('')}>
        Clear
      </Button>
    </Group>
  );
}
