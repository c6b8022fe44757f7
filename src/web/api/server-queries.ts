// Kept for features/batches until the batch engine work moves its imports to '@/api/server'.
export { useCapabilities } from './server';
