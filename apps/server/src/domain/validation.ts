import type { z } from 'zod';
import { AppError } from './errors.ts';

/** Parses input with its contract; the first issue's message becomes a 422 in the spec's wording. */
export function parseInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const first = result.error.issues[0];
  throw new AppError('VALIDATION', first?.message ?? 'Invalid input', result.error.issues);
}
