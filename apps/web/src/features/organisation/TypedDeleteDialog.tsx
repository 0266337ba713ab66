import { Alert, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ContentCounts } from '@integration/contracts';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { confirmed, describeCounts, refusalCounts } from './delete-counts.ts';
import { organisationKeys } from './organisation.api.ts';
import { TargetModal } from './TargetModal.tsx';

/** Something to delete: a subsidiary, client, main project, project, central office or cluster. */
export interface DeleteTarget {
  name: string;
  /** The dialog's title: "Delete the client “Safaricom”?" */
  title: string;
  /** The call: first without `confirm`; with the typed name once the server showed the counts. */
  remove(confirm?: string): Promise<{ message?: string }>;
}

/**
 * Deletion with a typed confirmation (issue 28), the same for every level that holds others.
 * The first Delete asks the server without confirmation: an empty row simply goes. A row with
 * something under it is refused with the counts (409); the dialog then says what would go
 * ("2 projects, 3 central offices, 12 clusters and 4,318 elements") and deletes it all only
 * once its exact name is typed. `showRefusal` adds the server's own words (they name a CO's
 * clusters, a cluster's element types).
 */
export function TypedDeleteDialog({
  target,
  onClose,
  onDeleted,
  showRefusal = false,
}: {
  target: DeleteTarget | null;
  onClose: () => void;
  onDeleted?: () => void;
  showRefusal?: boolean;
}) {
  return (
    <TargetModal target={target} onClose={onClose}>
      {(shown) => (
        <DeleteSteps
          target={shown}
          onClose={onClose}
          onDeleted={onDeleted}
          showRefusal={showRefusal}
        />
      )}
    </TargetModal>
  );
}

function DeleteSteps({
  target,
  onClose,
  onDeleted,
  showRefusal,
}: {
  target: DeleteTarget;
  onClose: () => void;
  onDeleted?: () => void;
  showRefusal: boolean;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [refusal, setRefusal] = useState<{ counts: ContentCounts; message: string } | null>(null);
  const [typed, setTyped] = useState('');
  const remove = useMutation({
    mutationFn: (confirm?: string) => target.remove(confirm),
    onSuccess: (answer) => {
      if (answer.message) notify.success(answer.message);
      onDeleted?.();
      onClose();
    },
    onError: (error) => {
      const counts = refusalCounts(error);
      // Counted again on each refusal: something may have been added meanwhile.
      if (counts) setRefusal({ counts, message: error.message });
    },
    onSettled: () => {
      void queryClient.invalidateQueries({ queryKey: hierarchyKeys.all });
      void queryClient.invalidateQueries({ queryKey: organisationKeys.history });
    },
  });
  const failure = remove.error && !refusalCounts(remove.error) ? remove.error : null;
  const matches = confirmed(typed, target.name);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!refusal) remove.mutate(undefined);
    else if (matches) remove.mutate(target.name);
  };

  const list =
    refusal &&
    describeCounts(refusal.counts, i18n.language, (kind, form, formatted) =>
      t(`organisation.delete.counts.${kind}.${form}`, { formatted }),
    );

  return (
    <form onSubmit={submit}>
      <Stack>
        {refusal ? (
          <>
            <Alert
              color="red"
              role="alert"
              icon={<IconAlertTriangle size={18} aria-hidden />}
              title={
                list ? t('organisation.delete.alsoDeletes', { name: target.name, list }) : undefined
              }
            >
              {showRefusal || !list ? refusal.message : t('organisation.delete.irreversibleShort')}
            </Alert>
            <TextInput
              label={t('organisation.delete.typeToConfirm', { name: target.name })}
              description={t('organisation.delete.typeHint')}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              spellCheck={false}
              data-autofocus
            />
          </>
        ) : (
          <Text>{t('organisation.delete.irreversible')}</Text>
        )}
        {failure && (
          <Alert color="red" role="alert">
            {errorMessage(failure, t)}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            color="red"
            loading={remove.isPending}
            disabled={refusal !== null && !matches}
          >
            {refusal ? t('organisation.delete.everything') : t('common.delete')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
