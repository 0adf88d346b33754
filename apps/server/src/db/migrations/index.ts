import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261121131837_initial } from './Migration20261121131837_initial.ts';

/** Every migration, in order. New files are created by `pnpm --filter @ppp/server migration:create <name>`. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261121131837_initial', class: Migration20261121131837_initial },
];
