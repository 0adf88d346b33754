import { Alert } from '@mantine/core';
import { ADMIN_MESSAGES } from '@ppp/contracts';
import { toApiFailure } from '../../../lib/api-error.ts';

/** A DB Explorer call that failed: admin only on a 403, else the load failure. */
export function DbLoadError({ error }: { error: unknown }) {
  const forbidden = toApiFailure(error).status === 403;
  return <Alert color="red">{forbidden ? ADMIN_MESSAGES.adminOnly : ADMIN_MESSAGES.loadFailed}</Alert>;
}
