import { runKeysCommand } from './accounts/keys-command';
import { systemClock } from './clock';
import { loadConfig } from './config';
import { ConfigError } from './config-read';
import { openStore, type Store } from './store/store';

let store: Store | null = null;
try {
  const config = loadConfig();
  store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl ?? undefined }, systemClock);
  console.log(await runKeysCommand(store, process.argv.slice(2), config.retention));
} catch (error) {
  console.error(error instanceof ConfigError ? `Invalid configuration: ${error.message}` : (error as Error).message);
  process.exitCode = 1;
} finally {
  await store?.close();
}
