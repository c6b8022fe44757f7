/** What the rule planner asks for, read the way the planner's outcome tests compare it. */
import { planWorkflow } from '../planner/plan';

export type PlannedProperty = { type?: string; format?: string; enum?: string[] };

/** The input schema's properties of the rules' plan for a prompt. */
export const plannedProperties = (prompt: string) =>
  (planWorkflow(prompt, {}).input_schema?.properties ?? {}) as Record<string, PlannedProperty>;

/** Each input's key and JSON type, in the order asked. */
export const plannedTypes = (prompt: string) =>
  Object.fromEntries(Object.entries(plannedProperties(prompt)).map(([key, value]) => [key, value.type]));
