import { Alert, Box, Button, Group, Modal, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconListDetails } from '@tabler/icons-react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  BOM_ITEM_UNITS,
  PRICE_ENTRIES_MAX,
  UNIT_PRICE_MAX,
  type PriceBook,
} from '@integration/contracts';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { ConfirmDialog } from '../../app/ConfirmDialog.tsx';
import { DataTable } from '../../app/DataTable.tsx';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { useCompact } from '../../app/useCompact.ts';
import { session } from '../../session/session.ts';
import { bomFormat } from './bom-format.ts';
import { costsApi, costsKeys } from './costs.api.ts';
import type { PriceBookTarget } from './PriceBookDialog.tsx';
import {
  addRow,
  addUnpriced,
  canAddRows,
  canEditPrices,
  currencyValid,
  fromBook,
  isDirty,
  removeRow,
  rowProblems,
  rowsNamedBy,
  toBody,
  updateRow,
  type Draft,
  type RowProblem,
} from './price-book-draft.ts';
import { PriceRowFields, type RowMessages } from './PriceRowFields.tsx';
import classes from './PriceBookEditor.module.css';

/**
 * The project's price book: its currency and one row per price. Planners and admins add,
 * change and remove rows and Save replaces the whole book (the server says why it refuses);
 * others read it. Every bill of the project is counted again once it is saved.
 */
export function PriceBookEditor({
  target,
  book,
  onClose,
}: {
  target: PriceBookTarget;
  book: PriceBook;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const compact = useCompact();
  const queryClient = useQueryClient();
  const canEdit = canEditPrices(session.user()?.role);
  const [draft, setDraft] = useState<Draft>(() => fromBook(book));
  const [tried, setTried] = useState(false);
  const [refusal, setRefusal] = useState<{ message: string; rows: Map<number, string> } | null>(
    null,
  );
  const [confirming, setConfirming] = useState(false);
  const problems = useMemo(() => rowProblems(draft), [draft]);
  const currencyOk = currencyValid(draft.currency);
  const edit = (next: Draft) => {
    setDraft(next);
    setRefusal(null);
  };

  const save = useMutation({
    mutationFn: () => costsApi.savePrices(target.projectId, toBody(draft)),
    onSuccess: (answer) => {
      queryClient.setQueryData(costsKeys.prices(target.projectId), answer.data);
      void queryClient.invalidateQueries({ queryKey: costsKeys.boms(target.projectId) });
      if (answer.message) notify.success(answer.message);
      onClose();
    },
    onError: (error) =>
      setRefusal({
        message: errorMessage(error, t),
        rows: error instanceof ApiError ? rowsNamedBy(error.details, draft) : new Map(),
      }),
  });
  const submit = () => {
    setTried(true);
    if (problems.size === 0 && currencyOk) save.mutate();
  };
  const requestClose = () => {
    if (canEdit && isDirty(draft, book)) setConfirming(true);
    else onClose();
  };

  const number = new Intl.NumberFormat(i18n.language);
  const problemText = (p: RowProblem) =>
    p.kind === 'duplicate'
      ? t('costs.book.problem.duplicate', { row: p.row })
      : t(`costs.book.problem.${p.kind}`, { max: number.format(UNIT_PRICE_MAX) });
  const messagesOf = (key: number): RowMessages => {
    const p = problems.get(key);
    const server = refusal?.rows.get(key);
    if (p?.kind === 'duplicate') return { spec: problemText(p), unitPrice: server };
    return { unitPrice: (tried && p ? problemText(p) : undefined) ?? server };
  };
  const unpricedMissing = addUnpriced(draft, target.unpriced).rows.length - draft.rows.length;

  return (
    <Modal
      opened
      onClose={requestClose}
      title={t('costs.book.title', { project: target.projectName })}
      size={compact ? '100%' : 960}
      fullScreen={compact}
      closeOnClickOutside={!canEdit}
      closeButtonProps={{ 'aria-label': t('costs.book.close') }}
    >
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          {t('costs.book.intro')}
        </Text>
        {!canEdit ? (
          <Alert color="gray" variant="light">
            {t('costs.book.readOnly')}
          </Alert>
        ) : null}
        <Group align="flex-end" justify="space-between" wrap="wrap" gap="sm">
          <Group align="flex-end" gap="md">
            <TextInput
              label={t('costs.book.currency')}
              description={canEdit ? t('costs.book.currencyHint') : undefined}
              value={draft.currency}
              onChange={(e) => edit({ ...draft, currency: e.currentTarget.value.toUpperCase() })}
              readOnly={!canEdit}
              maxLength={3}
              w={160}
              error={!currencyOk ? t('costs.book.currencyInvalid') : undefined}
            />
            <Text size="sm" c="dimmed" pb={8}>
              {t('costs.book.count', { count: draft.rows.length })}
            </Text>
          </Group>
          {canEdit ? (
            <Button
              variant="light"
              leftSection={<IconListDetails size={16} />}
              disabled={unpricedMissing === 0}
              fullWidth={compact}
              title={unpricedMissing === 0 ? t('costs.book.addUnpricedNone') : undefined}
              onClick={() => edit(addUnpriced(draft, target.unpriced))}
            >
              {t('costs.book.addUnpriced')}
              {unpricedMissing > 0 ? ` (${number.format(unpricedMissing)})` : ''}
            </Button>
          ) : null}
        </Group>
        {canEdit ? (
          <Rows draft={draft} compact={compact} messagesOf={messagesOf} onDraft={edit} />
        ) : (
          <ReadOnlyRows book={book} />
        )}
        {canEdit ? (
          <Group gap="sm">
            <Button
              variant="default"
              leftSection={<IconPlus size={16} />}
              onClick={() => edit(addRow(draft))}
              disabled={!canAddRows(draft)}
            >
              {t('costs.book.add')}
            </Button>
            {!canAddRows(draft) ? (
              <Text size="sm" c="dimmed">
                {t('costs.book.limit', { max: number.format(PRICE_ENTRIES_MAX) })}
              </Text>
            ) : null}
          </Group>
        ) : null}
        <Box className={classes.footer}>
          <Stack gap="xs">
            {refusal ? (
              <Alert color="red" title={t('costs.book.saveFailed')} role="alert">
                {refusal.message}
              </Alert>
            ) : null}
            {tried && problems.size > 0 ? (
              <Text size="sm" c="red" role="status">
                {t('costs.book.fixRows', { count: problems.size })}
              </Text>
            ) : null}
            <Group justify="flex-end" gap="sm">
              {canEdit ? (
                <>
                  <Button variant="default" onClick={requestClose}>
                    {t('costs.book.cancel')}
                  </Button>
                  <Button onClick={submit} loading={save.isPending}>
                    {t('costs.book.save')}
                  </Button>
                </>
              ) : (
                <Button variant="default" onClick={onClose}>
                  {t('costs.book.close')}
                </Button>
              )}
            </Group>
          </Stack>
        </Box>
      </Stack>
      <ConfirmDialog
        opened={confirming}
        title={t('costs.book.discardTitle')}
        message={t('costs.book.discardMessage')}
        confirmLabel={t('costs.book.discard')}
        onConfirm={() => {
          setConfirming(false);
          onClose();
        }}
        onCancel={() => setConfirming(false)}
      />
    </Modal>
  );
}

/** The rows being edited: a table on a desktop, a card per row on a phone. */
function Rows({
  draft,
  compact,
  messagesOf,
  onDraft,
}: {
  draft: Draft;
  compact: boolean;
  messagesOf(key: number): RowMessages;
  onDraft(next: Draft): void;
}) {
  const { t } = useTranslation();
  if (draft.rows.length === 0) {
    return (
      <Text c="dimmed" size="sm" py="sm">
        {t('costs.book.empty')}
      </Text>
    );
  }
  const fields = (layout: 'row' | 'card') =>
    draft.rows.map((row, i) => (
      <PriceRowFields
        key={row.key}
        row={row}
        n={i + 1}
        currency={draft.currency}
        messages={messagesOf(row.key)}
        layout={layout}
        onChange={(patch) => onDraft(updateRow(draft, row.key, patch))}
        onRemove={() => onDraft(removeRow(draft, row.key))}
      />
    ));
  if (compact) {
    return (
      <Stack component="ol" gap="xs" p={0} m={0} aria-label={t('costs.book.open')}>
        {fields('card')}
      </Stack>
    );
  }
  return (
    <Table aria-label={t('costs.book.open')} verticalSpacing={4} withRowBorders={false}>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w={36} />
          <Table.Th w="28%">{t('costs.book.column.item')}</Table.Th>
          <Table.Th>{t('costs.book.column.spec')}</Table.Th>
          <Table.Th>{t('costs.book.column.placement')}</Table.Th>
          <Table.Th w="24%">{t('costs.book.column.unitPrice')}</Table.Th>
          <Table.Th w={44} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>{fields('row')}</Table.Tbody>
    </Table>
  );
}

/** What a viewer sees: the prices as they are, in the book's currency. */
function ReadOnlyRows({ book }: { book: PriceBook }) {
  const { t, i18n } = useTranslation();
  const f = bomFormat(t, i18n.language, book.currency);
  const any = t('costs.book.any');
  return (
    <DataTable
      label={t('costs.book.open')}
      rows={book.entries}
      rowKey={(e) => `${e.item}|${e.spec}|${e.placement}`}
      empty={t('costs.book.empty')}
      columns={[
        { header: t('costs.book.column.item'), primary: true, cell: (e) => f.item(e.item) },
        { header: t('costs.book.column.spec'), cell: (e) => (e.spec ? f.spec(e) : any) },
        {
          header: t('costs.book.column.placement'),
          cell: (e) => (e.item !== 'cable' ? t('costs.none') : e.placement ? f.placement(e) : any),
        },
        {
          header: t('costs.book.column.unitPrice'),
          cell: (e) => f.unitPrice(e.unitPrice, BOM_ITEM_UNITS[e.item]),
        },
      ]}
    />
  );
}
