import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { extractEntities } from './extract-entities';
import { parseMarkdown } from './markdown-tree';
import { summarize } from './summarize';

const SERVICE = fileURLToPath(new URL('..', import.meta.url));
const SUPER_LINEAR = ['regexp/no-super-linear-backtracking', 'regexp/no-super-linear-move'];
/** The largest text an input may hold; quadratic work on it takes seconds, linear work milliseconds. */
const LARGEST = 100_000;

describe('patterns in steps and the planner', () => {
  it('are linted for super-linear backtracking, and none is found', async () => {
    const eslint = new ESLint({ cwd: fileURLToPath(new URL('../../..', import.meta.url)) });
    const config = (await eslint.calculateConfigForFile(`${SERVICE}steps/summarize.ts`)) as {
      rules: Record<string, unknown>;
    };
    for (const rule of SUPER_LINEAR) expect(JSON.stringify(config.rules[rule])).toMatch(/^\[2\b|^"error"|^2$/);
    const results = await eslint.lintFiles([`${SERVICE}steps/**/*.ts`, `${SERVICE}planner/*.ts`]);
    const findings = results.flatMap((result) =>
      result.messages
        .filter((m) => SUPER_LINEAR.includes(m.ruleId ?? ''))
        .map((m) => `${result.filePath.slice(SERVICE.length)}:${m.line} ${m.message.slice(0, 80)}`),
    );
    expect(findings).toEqual([]);
  });

  // These inputs took 2 to 11 s each before and take milliseconds now; the 2 s timeout (a wide
  // margin on a busy machine) is what fails them if the quadratic work returns.
  it('summarize 100,000 characters of "A. " without quadratic work', () => {
    const text = 'A. '.repeat(LARGEST / 3);
    expect(summarize(text, 3).length).toBeLessThanOrEqual(3);
  }, 2_000);

  it('find no e-mail address in 100,000 characters of "a%"', () => {
    expect(extractEntities('a%'.repeat(LARGEST / 2)).emails).toEqual([]);
  }, 2_000);

  it('read a table-like note padded with 100,000 spaces as a paragraph', () => {
    const blocks = parseMarkdown(`a|\n--${' '.repeat(LARGEST)}x`).children;
    expect(blocks.map((block) => block.type)).toEqual(['paragraph']);
  }, 2_000);
});
