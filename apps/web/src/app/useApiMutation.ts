import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { hierarchyKeys } from '../features/hierarchy/hierarchy.api.ts';
import { errorMessage } from './error-message.ts';
import { notify } from './notify.ts';

/**
 * A change through the API: the server's message as a success toast, its error as an
 * error toast, and every hierarchy list refreshed afterwards.
 */
export function useApiMutation<TVars, TAnswer extends { message?: string }>(
  call: (vars: TVars) => Promise<TAnswer>,
  options: {
    onSuccess?: (answer: TAnswer, vars: TVars) => void;
    /** The error toast's text around the server's message (SPEC §8's "error deleting tag"). */
    failure?: (message: string) => string;
  } = {},
) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer, vars) => {
      if (answer.message) notify.success(answer.message);
      options.onSuccess?.(answer, vars);
    },
    onError: (error) => {
      const message = errorMessage(error, t);
      notify.error(options.failure ? options.failure(message) : message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: hierarchyKeys.all }),
  });
}
