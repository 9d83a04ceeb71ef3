import { type UseMutationOptions, useMutation } from '@tanstack/react-query';

/**
 * What a screen may add to a query hook (`enabled`, `staleTime`, `select`…), in the style of
 * bulletproof-react's `queryConfig`: everything but the key and the fetcher, which the hook owns.
 */
export type QueryConfig<TOptions extends (...args: never[]) => object> = Omit<
  Partial<ReturnType<TOptions>>,
  'queryKey' | 'queryFn'
>;

/**
 * What a screen may add to a mutation hook (`onSuccess`, `onError`, `onSettled`…), in the style of
 * bulletproof-react's `mutationConfig`; the hook owns the fetcher and the cache refresh.
 */
export type MutationConfig<TData, TVariables> = Omit<UseMutationOptions<TData, Error, TVariables>, 'mutationFn'>;

/**
 * Makes a mutation hook of this package, so that every one takes its options the same way:
 * `use…({ mutationConfig })` runs `mutationFn`; with `refresh`, the queries it changed are refreshed
 * before `mutateAsync` resolves (spec §4: after mutations the lists are refreshed), then the caller's own
 * `onSettled` runs.
 */
export function mutationHook<TData, TVariables>(
  mutationFn: (variables: TVariables) => Promise<TData>,
  refresh?: () => Promise<unknown>,
) {
  return function useApiMutation({ mutationConfig = {} }: { mutationConfig?: MutationConfig<TData, TVariables> } = {}) {
    const { onSettled, ...rest } = mutationConfig;
    return useMutation<TData, Error, TVariables>({
      ...rest,
      mutationFn,
      onSettled: async (...args) => {
        await refresh?.();
        await onSettled?.(...args);
      },
    });
  };
}
