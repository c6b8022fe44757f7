import doc from './openapi.json' with { type: 'json' };
import type { components } from './api-types';

/** The contract document as data, for serving it and for deriving route schemas. */
export const openApiDocument = doc;

export type Schemas = components['schemas'];
export type WorkflowListItem = Schemas['WorkflowListItem'];
export type WorkflowDetail = Schemas['WorkflowDetail'];
export type WorkflowCreateResponse = Schemas['WorkflowCreateResponse'];
export type WorkflowStatus = Schemas['WorkflowStatus'];
export type ExecutionStatus = Schemas['ExecutionStatus'];
export type ExecutionListItem = Schemas['ExecutionListItem'];
export type ExecutionDetail = Schemas['ExecutionDetail'];
export type ExecutionCreateResponse = Schemas['ExecutionCreateResponse'];
export type ResultFile = Schemas['ResultFile'];
export type ResultFileLink = Schemas['ResultFileLink'];
export type CancelExecutionsRequest = Schemas['CancelExecutionsRequest'];
export type CancelExecutionsResponse = Schemas['CancelExecutionsResponse'];
export type BatchCreateResponse = Schemas['BatchCreateResponse'];
export type Concurrency = Schemas['Concurrency'];
export type PlanningNote = Schemas['PlanningNote'];
export type WorkflowActivity = Schemas['WorkflowActivity'];
export type ListPage<T> = { data: T[]; cursor: string | null };

const TERMINAL_STATUSES: readonly ExecutionStatus[] = ['finished', 'error'];
export const isTerminalStatus = (s: ExecutionStatus): boolean => TERMINAL_STATUSES.includes(s);
