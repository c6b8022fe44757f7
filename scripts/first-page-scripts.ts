// What index.html runs before anything else, read from its text: the entry budget of the build
// (vite.config.ts) and `npm run bench speed` count the same files, whatever the build's layout.

export interface FirstPageScripts {
  /** Paths of this origin's script files: module scripts, modules named for the boot script, preloads. */
  files: string[];
  /** The bodies of inline scripts (the first-paint boot script). */
  inline: string[];
}

export function firstPageScripts(html: string): FirstPageScripts {
  const files = [
    ...[...html.matchAll(/<script[^>]+src="([^"]+)"/g)].map((m) => m[1]!),
    ...[...html.matchAll(/<link[^>]+rel="(?:modulepreload|preload" as="script)"[^>]+href="([^"]+)"/g)].map(
      (m) => m[1]!,
    ),
    // The modules the inline first-paint script starts (scripts/vite-first-paint.ts).
    ...[...html.matchAll(/<meta name="wf-start" content="([^"]+)"/g)].flatMap((m) => m[1]!.split(' ')),
  ].filter(Boolean);
  const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((m) => m[1]!);
  return { files: [...new Set(files)], inline };
}
