import type { Config } from './config';

type SystemError = Error & { code?: string; syscall?: string; path?: string };

const DATA_DIR_CODES = new Set(['EEXIST', 'ENOTDIR', 'EACCES', 'EPERM', 'EROFS', 'ENOSPC', 'ENOENT']);

/**
 * One line saying why the service could not start and what to change, for the failures a person
 * can fix (port taken, unusable DATA_DIR or database); null for anything else, which keeps its stack.
 */
export function describeStartupError(error: unknown, config: Pick<Config, 'host' | 'port' | 'dataDir'>): string | null {
  if (!(error instanceof Error)) return null;
  const { code, syscall } = error as SystemError;
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
