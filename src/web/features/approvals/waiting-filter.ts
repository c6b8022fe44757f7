import { WAITING_STATUS } from '@/api/approvals';
import type { RunFilter } from '@/features/runs/run-filter';

/** The inbox's filter: every run waiting for a person. */
export const WAITING: RunFilter = { status: WAITING_STATUS };
