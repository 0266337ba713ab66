import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../api/client.ts';
import { notify } from '../../app/notify.ts';
import { costsKeys } from '../costs/costs.api.ts';
import { hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { organisationKeys } from './organisation.api.ts';

/**
 * A write to the organisation from a dialog: the server's message as a toast, then every list
 * that shows the organisation (the Project page's selectors and table, Manage CO's, the costs
 * in the project's currency, the history) read again. Failures stay in the dialog, beside the
 * field they are about.
 */
export function useOrganisationWrite<TVars, TAnswer extends { message?: string }>(
  call: (vars: TVars) => Promise<TAnswer>,
  onDone: (answer: TAnswer) => void,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: (answer) => {
      if (answer.message) notify.success(answer.message);
      onDone(answer);
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: hierarchyKeys.all });
      void queryClient.invalidateQueries({ queryKey: organisationKeys.history });
      void queryClient.invalidateQueries({ queryKey: costsKeys.all });
    },
  });
}

/** A refusal about the name itself (taken within its parent): shown under the name field. */
export const isNameRefusal = (error: unknown) => error instanceof ApiError && error.status === 409;
