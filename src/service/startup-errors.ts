import type { Config } from './config';

type SystemError = Error & { code?: string; syscall?: string; path?: string };

/** What a person can fix, by PostgreSQL's SQLSTATE (see its "Error codes" appendix). */
const POSTGRES_CODES: Record<string, string> = {
  '28P01': 'refused the user name or password',
  '28000': 'refused this user (pg_hba.conf has no entry for it)',
  '3D000': 'has no such database',
  '42501': 'did not let this user create the tables',
  '57P03': 'is starting up or shutting down',
  '53300': 'has no free connections',
};

/** The server a DATABASE_URL names, without its user or password (they must not reach a log). */
function serverOf(databaseUrl: string): string {
  try {
    const url = new URL(databaseUrl);
    return `${url.host}${url.pathname}`;
  } catch {
    return '(DATABASE_URL)';
  }
}

function describePostgresError(code: string | undefined, syscall: string | undefined, message: string): string | null {
  if (code === 'ECONNREFUSED' || code === 'ETIMEDOUT' || code === 'EHOSTUNREACH')
    return `cannot be reached (${code}); start it, or fix the host and port`;
  if (code === 'ENOTFOUND' || syscall === 'getaddrinfo') return 'names a host that does not resolve';
  const known = code === undefined ? undefined : POSTGRES_CODES[code];
  return known === undefined ? null : `${known} (${code}: ${message})`;
}

const DATA_DIR_CODES = new Set(['EEXIST', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOENT']);

/**
 * One line saying why the service could not start and what to change, for the failures a person
 * can fix (port taken, unusable DATA_DIR or database); null for anything else, which keeps its stack.
 */
export function describeStartupError(
  error: unknown,
  config: Pick<Config, 'host' | 'port' | 'dataDir'> & Partial<Pick<Config, 'databaseUrl'>>,
): string | null {
  if (!(error instanceof Error)) return null;
  const { code, syscall } = error as SystemError;
  if (config.databaseUrl) {
    const reason = describePostgresError(code, syscall, error.message);
    if (reason) return `PostgreSQL at ${serverOf(config.databaseUrl)} ${reason}; check DATABASE_URL`;
  }
  const address = `${config.host}:${config.port}`;
  if (syscall === 'listen' || syscall === 'bind') {
    if (code === 'EADDRINUSE')
      return `port ${config.port} on ${config.host} is already in use; stop the other server or set PORT to a free port`;
    if (code === 'EACCES') return `no permission to listen on ${address}; set PORT to 1024 or above`;
    if (code === 'EADDRNOTAVAIL')
      return `HOST ${config.host} is not an address of this machine; use 127.0.0.1 or 0.0.0.0`;
    return `cannot listen on ${address}: ${error.message}`;
  }
  if (code && DATA_DIR_CODES.has(code) && syscall !== undefined) {
    return `DATA_DIR ${config.dataDir} cannot be used (${error.message}); set DATA_DIR to a writable directory`;
  }
  if (code?.startsWith('SQLITE_')) {
    return `the database in DATA_DIR ${config.dataDir} cannot be opened (${code}: ${error.message}); point DATA_DIR at another directory or restore the file`;
  }
  return null;
}
