import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { curlSnippet, fetchSnippet, shellQuote } from './request-snippets';

const base = {
  baseUrl: 'http://127.0.0.1:8080/api/v1/',
  workflowId: 'w-1',
  body: { input: { company: "O'Reilly", tags: ['a', 'b'] } },
  apiKey: 'real-secret-key',
};

describe('request snippets', () => {
  it('masks the key as $WORKFLOW_API_KEY by default', () => {
    for (const snippet of [curlSnippet({ ...base, includeKey: false }), fetchSnippet({ ...base, includeKey: false })]) {
      expect(snippet).toContain('$WORKFLOW_API_KEY');
      expect(snippet).not.toContain('real-secret-key');
    }
  });

  it('includes the real key only when asked', () => {
    expect(curlSnippet({ ...base, includeKey: true })).toContain("-H 'x-api-key: real-secret-key'");
    expect(fetchSnippet({ ...base, includeKey: true })).toContain('\'x-api-key\': "real-secret-key"');
  });

  it('targets the executions endpoint of the workflow with the exact body', () => {
    const curl = curlSnippet({ ...base, includeKey: false });
    expect(curl).toContain("curl -X POST 'http://127.0.0.1:8080/api/v1/workflows/w-1/executions'");
    expect(curl).toContain(`--data '{"input":{"company":"O'\\''Reilly","tags":["a","b"]}}'`);
  });

  it('produces a curl body that a real shell turns back into the same JSON', () => {
    const quoted = shellQuote(JSON.stringify(base.body));
    const echoed = execFileSync('sh', ['-c', `printf %s ${quoted}`]).toString();
    expect(JSON.parse(echoed)).toEqual(base.body);
  });

  it('produces fetch code whose body evaluates to the same JSON', () => {
    const code = fetchSnippet({ ...base, includeKey: false });
    const match = /body: JSON\.stringify\(([\s\S]*)\),\n\}\);/.exec(code);
    expect(match).not.toBeNull();
    expect(JSON.parse(match![1]!)).toEqual(base.body);
  });
});
