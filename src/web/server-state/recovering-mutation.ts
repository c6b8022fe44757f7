import { useMutation, type UseMutationOptions, type UseMutationResult } from '@tanstack/react-query';
import { NetworkError } from '@/api/errors';
import { useOnServerRecovered } from '@/lib/use-server-reachability';

/**
 * useMutation whose "the server could not be reached" error goes away by itself once the server
 * answers again: left under a button after an outage, it would say something no longer true.
 * Other errors (a refusal, a conflict) stay until the person acts.
 */
export function useRecoveringMutation<TData = unknown, TError = Error, TVariables = void, TContext = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TContext>,
): UseMutationResult<TData, TError, TVariables, TContext> {
  const mutation = useMutation(options);
  useOnServerRecovered(() => {
    if (mutation.error instanceof NetworkError) mutation.reset();
  });
  return mutation;
}
