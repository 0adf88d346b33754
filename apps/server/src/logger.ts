import { pino, type DestinationStream, type Logger } from 'pino';
import { PinoPretty } from 'pino-pretty';
import type { TConfig } from './config.ts';

export type { Logger };

/** Fields that carry a credential, at the top of a log entry or one level down (`{ user: { password } }`). */
const SECRET_FIELDS = [
  'password',
  'current_password',
  'new_password',
  'token',
  'access_token',
  'refresh_token',
  'api_key',
  'apiKey',
  'secret',
  'client_secret',
  'code_verifier',
  'cookie',
  'authorization',
] as const;

/** Where a secret can sit in a log entry: request and response headers (the request log) and any field so named. */
export const REDACT_PATHS: readonly string[] = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["proxy-authorization"]',
  'req.headers["x-api-key"]',
  'res.headers["set-cookie"]',
  ...SECRET_FIELDS.flatMap((field) => [field, `*.${field}`]),
];

export interface LoggerOptions {
  /** One JSON object per line for log collectors; readable single lines otherwise. */
  format?: TConfig['LOG_FORMAT'];
  /** Where lines go (standard output by default); tests pass a memory stream. */
  destination?: DestinationStream;
}

/** The process's pino logger, named for the process (launch, server, worker), filtered by LOG_LEVEL, secrets redacted. */
export function createLogger(name: string, level: TConfig['LOG_LEVEL'], options: LoggerOptions = {}): Logger {
  const settings = { name, level, redact: { paths: [...REDACT_PATHS], censor: '[redacted]' } };
  if (options.format === 'json') return options.destination ? pino(settings, options.destination) : pino(settings);
  // Synchronous, so a line is out before a crash or a supervised restart.
  const pretty = PinoPretty({
    sync: true,
    singleLine: true,
    colorize: false,
    ignore: 'pid,hostname',
    translateTime: 'SYS:HH:MM:ss',
    ...(options.destination ? { destination: options.destination } : {}),
  });
  return pino(settings, pretty);
}
