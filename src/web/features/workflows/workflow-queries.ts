// Kept for features/batches until the batch engine work moves its import to '@/api/workflows'.
export { workflowQueries } from '@/api/workflows';
