import type { TConfig } from './config.ts';

const LEVELS = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 } as const;
type Level = Exclude<keyof typeof LEVELS, 'silent'>;

export interface Logger {
  debug(msg: string): void;
  info(msg: string): void;
  warn(msg: string): void;
  error(msg: string, err?: unknown): void;
}

/** A line-per-event logger with a process tag, filtered by LOG_LEVEL. */
export function createLogger(tag: string, level: TConfig['LOG_LEVEL']): Logger {
  const min = LEVELS[level];
  const write = (at: Level, msg: string, err?: unknown) => {
    if (LEVELS[at] < min) return;
    const line = `[${tag}] ${msg}`;
    if (at === 'error' || at === 'warn') console.error(err ? `${line}: ${describe(err)}` : line);
    else console.log(line);
  };
  return {
    debug: (m) => write('debug', m),
    info: (m) => write('info', m),
    warn: (m) => write('warn', m),
    error: (m, e) => write('error', m, e),
  };
}

function describe(err: unknown): string {
  if (err instanceof Error) return err.stack ?? err.message;
  return String(err);
}
