/**
 * "Copy as curl" / "Copy as fetch": the exact request the Run button sends for the current input.
 * The key is written as $WORKFLOW_API_KEY unless the user explicitly asks to include theirs.
 */

const KEY_PLACEHOLDER = '$WORKFLOW_API_KEY';

export interface SnippetRequest {
  /** Absolute base URL including /api/v1. */
  baseUrl: string;
  workflowId: string;
  /** The request body exactly as sent. */
  body: Record<string, unknown>;
  apiKey: string;
  includeKey: boolean;
}

/** Quotes a string for POSIX shells: single quotes, with embedded ones closed and escaped. */
export const shellQuote = (value: string) => `'${value.replace(/'/g, `'\\''`)}'`;

const executionUrl = (baseUrl: string, workflowId: string) =>
  `${baseUrl.replace(/\/+$/, '')}/workflows/${encodeURIComponent(workflowId)}/executions`;

export function curlSnippet(req: SnippetRequest): string {
  // Double quotes let the shell expand the placeholder variable; a real key is quoted literally.
  const keyHeader = req.includeKey ? shellQuote(`x-api-key: ${req.apiKey}`) : `"x-api-key: ${KEY_PLACEHOLDER}"`;
  return [
    `curl -X POST ${shellQuote(executionUrl(req.baseUrl, req.workflowId))} \\`,
    `  -H ${keyHeader} \\`,
    `  -H 'content-type: application/json' \\`,
    `  --data ${shellQuote(JSON.stringify(req.body))}`,
  ].join('\n');
}

export function fetchSnippet(req: SnippetRequest): string {
  const key = req.includeKey ? JSON.stringify(req.apiKey) : `'${KEY_PLACEHOLDER}' /* your API key */`;
  const body = JSON.stringify(req.body, null, 2).replace(/\n/g, '\n  ');
  return [
    `const response = await fetch(${JSON.stringify(executionUrl(req.baseUrl, req.workflowId))}, {`,
    `  method: 'POST',`,
    `  headers: { 'x-api-key': ${key}, 'content-type': 'application/json' },`,
    `  body: JSON.stringify(${body}),`,
    `});`,
    `console.log(response.status, await response.json());`,
  ].join('\n');
}
