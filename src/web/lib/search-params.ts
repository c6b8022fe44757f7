import { z } from 'zod';

/** Only same-app paths may be a redirect target, so a crafted link cannot send users elsewhere. */
const appPath = z
  .string()
  .refine((s) => s.startsWith('/') && !s.startsWith('//') && !s.includes('\\'), 'must be a path in this app');

export const settingsSearchSchema = z.object({
  redirect: appPath.optional().catch(undefined),
  /** Why the user was sent here: no key yet, or a key the server rejected. */
  reason: z.enum(['no-key', 'rejected']).optional().catch(undefined),
});

export const workflowsSearchSchema = z.object({
  q: z.string().max(200).optional().catch(undefined),
});

export const EXECUTION_STATUS_FILTERS = ['all', 'active', 'initial', 'processing', 'human_in_the_loop', 'finished', 'error'] as const;
export type ExecutionStatusFilter = (typeof EXECUTION_STATUS_FILTERS)[number];

export const executionsSearchSchema = z.object({
  status: z.enum(EXECUTION_STATUS_FILTERS).optional().catch(undefined),
});

export const runSearchSchema = z.object({
  /** Pre-fill the form with the input of this execution, from the local journal ("Edit and run"). */
  from: z.string().min(1).max(100).optional().catch(undefined),
});

export type SettingsSearch = z.infer<typeof settingsSearchSchema>;
export type WorkflowsSearch = z.infer<typeof workflowsSearchSchema>;
export type ExecutionsSearch = z.infer<typeof executionsSearchSchema>;
export type RunSearch = z.infer<typeof runSearchSchema>;
