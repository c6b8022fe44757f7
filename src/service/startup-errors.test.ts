import { describe, expect, it } from 'vitest';
import { describeStartupError } from './startup-errors';

const config = { host: '127.0.0.1', port: 8080, dataDir: '/srv/data' };
const systemError = (code: string, syscall: string, message = `${code}: something`) =>
  Object.assign(new Error(message), { code, syscall });

describe('describeStartupError', () => {
  it('says which port is taken and what to do', () => {
    expect(describeStartupError(systemError('EADDRINUSE', 'listen'), config)).toBe(
      'port 8080 on 127.0.0.1 is already in use; stop the other server or set PORT to a free port',
    );
    expect(describeStartupError(systemError('EADDRNOTAVAIL', 'listen'), config)).toBe(
      'HOST 127.0.0.1 is not an address of this machine; use 127.0.0.1 or 0.0.0.0',
    );
  });

  it('names DATA_DIR when it cannot be created or written', () => {
    const error = systemError('EEXIST', 'mkdir', "EEXIST: file already exists, mkdir '/srv/data'");
    expect(describeStartupError(error, config)).toBe(
      "DATA_DIR /srv/data cannot be used (EEXIST: file already exists, mkdir '/srv/data'); set DATA_DIR to a writable directory",
    );
  });

  it('names the database when SQLite cannot open it', () => {
    const error = Object.assign(new Error('file is not a database'), { code: 'SQLITE_NOTADB' });
    expect(describeStartupError(error, config)).toBe(
      'the database in DATA_DIR /srv/data cannot be opened (SQLITE_NOTADB: file is not a database); point DATA_DIR at another directory or restore the file',
    );
  });

  it('names the PostgreSQL server, never its password, when it cannot be reached or refuses the login', () => {
    const pg = { ...config, databaseUrl: 'postgres://app:s3cret@db.internal:5433/workflows' };
    const refused = Object.assign(new Error('connect ECONNREFUSED 10.0.0.5:5433'), {
      code: 'ECONNREFUSED',
      syscall: 'connect',
    });
    expect(describeStartupError(refused, pg)).toBe(
      'PostgreSQL at db.internal:5433/workflows cannot be reached (ECONNREFUSED); start it, or fix the host and port; check DATABASE_URL',
    );
    const login = Object.assign(new Error('password authentication failed for user "app"'), { code: '28P01' });
    const reason = describeStartupError(login, pg);
    expect(reason).toBe(
      'PostgreSQL at db.internal:5433/workflows refused the user name or password (28P01: password authentication failed for user "app"); check DATABASE_URL',
    );
    expect(reason).not.toContain('s3cret');
    const missing = Object.assign(new Error('database "workflows" does not exist'), { code: '3D000' });
    expect(describeStartupError(missing, pg)).toContain('has no such database');
  });

  it('leaves anything else to the stack trace', () => {
    expect(describeStartupError(new TypeError('x is undefined'), config)).toBeNull();
    expect(describeStartupError('a string', config)).toBeNull();
  });
});
