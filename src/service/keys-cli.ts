import { runKeysCommand } from './accounts/keys-command';
import { systemClock } from './clock';
import { ConfigError, loadConfig } from './config';
import { openStore, type Store } from './store/store';

let store: Store | null = null;
try {
  store = openStore(loadConfig().dataDir, systemClock);
  console.log(runKeysCommand(store, process.argv.slice(2)));
} catch (error) {
  console.error(error instanceof ConfigError ? `Invalid configuration: ${error.message}` : (error as Error).message);
  process.exitCode = 1;
} finally {
  store?.close();
}
