import { useExecutionWatcher } from './use-execution-watcher';

/** Renders nothing; runs the background watcher. Loaded lazily by the app shell. */
export default function ExecutionWatcherHost() {
  useExecutionWatcher();
  return null;
}
