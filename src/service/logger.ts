import pino, { type DestinationStream, type Logger } from 'pino';
import type { LogLevel } from './config';

/** The service logger; API keys are redacted wherever a request's headers get logged. */
export function createLogger(level: LogLevel, destination?: DestinationStream): Logger {
  const options = {
    level,
    redact: {
      paths: ['req.headers["x-api-key"]', 'headers["x-api-key"]', 'req.headers.authorization'],
      censor: '[redacted]',
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
