import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { fibreKeys } from './fibre.api.ts';

/**
 * A change to the fibre plan: the server's message as a toast, its refusal (already in the
 * user's language) kept beside the form that caused it, and every open plan and trace read
 * again, whatever it touched.
 */
export function useFibreAction() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [problem, setProblem] = useState<string | null>(null);
  const mutation = useMutation({
    mutationFn: (call: () => Promise<{ message?: string }>) => call(),
    onMutate: () => setProblem(null),
    onSuccess: (answer) => {
      if (answer.message) notify.success(answer.message);
    },
    onError: (error) => {
      const message = errorMessage(error, t);
      setProblem(message);
      notify.error(message);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: fibreKeys.all }),
  });
  return {
    run: (call: () => Promise<{ message?: string }>, then?: () => void) =>
      mutation.mutate(call, { onSuccess: () => then?.() }),
    pending: mutation.isPending,
    problem,
    clearProblem: () => setProblem(null),
  };
}
