/** How soon the copy follows: npm and tsx pass a signal on within milliseconds. */
const COPY_AFTER_MS = 50;

/**
 * Sends `signal` to every process of a group (`kill -TERM -<group>`, systemd's default KillMode), and
 * once more shortly after. The second stands in for the copies npm and tsx pass on to their child:
 * whether tsx passes one on depends on a 30 ms race (it does when node has not told it yet that the
 * signal arrived), so node gets the signal once or several times; the test makes it always several.
 */
export function signalGroupTwice(group: number, signal: NodeJS.Signals): void {
  process.kill(-group, signal);
  setTimeout(() => {
    try {
      process.kill(-group, signal);
    } catch {
      // Every process of the group has already ended.
    }
  }, COPY_AFTER_MS);
}
