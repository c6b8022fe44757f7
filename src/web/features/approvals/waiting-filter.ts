import { WAITING_STATUS } from '@/server-state/approvals';
import type { RunFilter } from '@/features/runs/run-filter';

/** The inbox's filter: every run waiting for a person. */
export const WAITING: RunFilter = { status: WAITING_STATUS };
