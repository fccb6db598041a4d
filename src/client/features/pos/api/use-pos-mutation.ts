import { useMutation, useQueryClient } from '@tanstack/react-query';
import { posKeys } from './keys';

/** A mutation that refreshes every point-of-sale list when it settles. */
export function usePosMutation<I, O>(fn: (input: I) => Promise<O>) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled: () => qc.invalidateQueries({ queryKey: posKeys.all }),
  });
}
