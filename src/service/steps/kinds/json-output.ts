import { z } from 'zod';
import { defineKind, param } from '../kind';
import { readFindings, sortKeys, textFile } from '../output-files';
import { ANSWER_LIMITS as L, files, specParts } from '../step-parts';

export const GENERATED_BY = 'Workflow Automation local service (rule-based planner)';

const spec = z.object({
  kind: z.literal('json_output'),
  filename: specParts.filename,
  /** The earlier files to include (JSON parsed, markdown as text); without it, every earlier JSON file. */
  findings: z.array(z.string()).optional(),
  /** What was asked that the workflow does not produce (its output notes), first in the document. */
  notProduced: z.array(z.string()).optional(),
});

/** Writes the input plus what earlier steps found as one JSON document. */
export const jsonOutput = defineKind({
  kind: 'json_output',
  spec,
  label: 'JSON output',
  returns: 'a JSON file',
  seconds: 1,
  extension: 'json',
  run(step, ctx) {
    const findings = readFindings(
      ctx.files,
      step.findings ?? ctx.files.filter((file) => file.filename.endsWith('.json')).map((file) => file.filename),
    );
    const document = {
      ...(step.notProduced?.length ? { not_produced: step.notProduced } : {}),
      input: sortKeys(ctx.input),
      findings: sortKeys(findings),
      files: [...new Set(ctx.files.map((file) => file.filename))],
      generated_by: GENERATED_BY,
    };
    return files(textFile(step.filename, `${JSON.stringify(document, null, 2)}\n`));
  },
  describe: (step) => `Gathers the input and what the steps before found in one JSON file (${step.filename}).`,
  model: {
    description: 'the input and the earlier files named in "findings" as one .json document.',
    parameters: {
      findings: param.names(L.names, L.filename, 'the earlier files to include', 'files'),
    },
    fromAnswer(answer, check) {
      const findings = answer.findings ?? [];
      for (const name of findings) check.earlierFile(name);
      return { kind: 'json_output', filename: check.filename, findings };
    },
  },
});
