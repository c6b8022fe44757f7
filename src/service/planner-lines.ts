import type { Config } from './config';
import { findLocalModels } from './model/local-ollama';
import { urlForLog } from './model/redact';

/**
 * What start-up says about who plans workflows, so an operator sees at once whether a model is in
 * use. With none configured, a model server answering on this machine (Ollama's default address)
 * is named with its models and the line that turns it on; it is never used silently. The look
 * takes at most 300 ms, after the service already listens.
 */
export async function plannerLines(config: Pick<Config, 'model' | 'ollamaProbeUrl'>): Promise<string[]> {
  if (config.model)
    return [
      `Planner: the model ${config.model.model} at ${urlForLog(config.model.baseUrl)}, with the built-in rules as fallback`,
    ];
  const rules = 'Planner: built-in rules (set WORKFLOW_MODEL_URL and WORKFLOW_MODEL to plan and write with a model)';
  const found = config.ollamaProbeUrl ? await findLocalModels(config.ollamaProbeUrl) : null;
  if (!found) return [rules];
  return [
    rules,
    `A model server answers at ${found.url} with ${found.models.join(', ')}; it is not used unless you turn it on:`,
    `  ${found.command}`,
  ];
}
