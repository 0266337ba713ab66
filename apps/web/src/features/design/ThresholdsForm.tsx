import {
  Alert,
  Button,
  Group,
  Loader,
  Modal,
  NumberInput,
  SimpleGrid,
  Stack,
  Text,
} from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_DESIGN_THRESHOLDS, type DesignSettings } from '@integration/contracts';
import { ApiError } from '../../api/client.ts';
import { errorMessage } from '../../app/error-message.ts';
import { notify } from '../../app/notify.ts';
import { useCompact } from '../../app/useCompact.ts';
import { designApi, designKeys } from './design.api.ts';
import {
  THRESHOLD_FIELDS,
  fieldErrors,
  fromForm,
  invalid,
  toForm,
  type ThresholdName,
  type ThresholdValues,
} from './thresholds.ts';

/**
 * The project's design thresholds (issue 27), for its planners and admins: seven numbers, shares
 * as percentages and lengths in metres, each under the rule it tunes. Saved through the API
 * (which says why a value is refused); every cluster's problems are then checked again.
 */
export function ThresholdsForm({
  projectId,
  projectName,
  onClose,
}: {
  projectId: number;
  projectName: string;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const compact = useCompact();
  const settings = useQuery({
    queryKey: designKeys.settings(projectId),
    queryFn: () => designApi.settings(projectId),
  });
  return (
    <Modal
      opened
      onClose={onClose}
      title={t('design.thresholds.title')}
      size={compact ? '100%' : 560}
      fullScreen={compact}
      closeButtonProps={{ 'aria-label': t('design.thresholds.close') }}
    >
      <Text size="sm" c="dimmed" mb="sm">
        {t('design.thresholds.intro', { project: projectName })}
      </Text>
      {settings.isPending ? <Loader size="sm" aria-label={t('design.thresholds.loading')} /> : null}
      {settings.error ? <Alert color="red">{errorMessage(settings.error, t)}</Alert> : null}
      {settings.data ? (
        <Fields projectId={projectId} settings={settings.data} onClose={onClose} />
      ) : null}
    </Modal>
  );
}

function Fields({
  projectId,
  settings,
  onClose,
}: {
  projectId: number;
  settings: DesignSettings;
  onClose(): void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [values, setValues] = useState<ThresholdValues>(() => toForm(settings.thresholds));
  const [shown, setShown] = useState(false);
  const [server, setServer] = useState<Partial<Record<ThresholdName, string>>>({});
  const [problem, setProblem] = useState<string | null>(null);
  const number = new Intl.NumberFormat(i18n.language);
  const save = useMutation({
    mutationFn: () => designApi.saveSettings(projectId, fromForm(values)),
    onMutate: () => {
      setServer({});
      setProblem(null);
    },
    onSuccess: (answer) => {
      queryClient.setQueryData(designKeys.settings(projectId), answer.data);
      // Every cluster of the project is checked against the new thresholds.
      void queryClient.invalidateQueries({ queryKey: ['design', 'problems'] });
      if (answer.message) notify.success(answer.message);
      onClose();
    },
    onError: (error) => {
      const byField = error instanceof ApiError ? fieldErrors(error.details) : {};
      setServer(byField);
      setProblem(errorMessage(error, t));
    },
  });

  const errorOf = (name: ThresholdName) => {
    const f = THRESHOLD_FIELDS.find((x) => x.name === name);
    const why = f && shown ? invalid(f, values[name]) : null;
    if (f && why)
      return t(`design.thresholds.invalid.${why}`, {
        min: number.format(f.min),
        max: number.format(f.max),
      });
    return server[name];
  };
  const submit = () => {
    setShown(true);
    if (THRESHOLD_FIELDS.some((f) => invalid(f, values[f.name]))) return;
    save.mutate();
  };
  const defaults = toForm(DEFAULT_DESIGN_THRESHOLDS);

  return (
    <form
      aria-label={t('design.thresholds.title')}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="sm">
        {problem ? (
          <Alert color="red" role="alert">
            {problem}
          </Alert>
        ) : null}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" verticalSpacing="xs">
          {THRESHOLD_FIELDS.map((f) => (
            <NumberInput
              key={f.name}
              label={t(`design.thresholds.fields.${f.name}.label`)}
              description={t(`design.thresholds.fields.${f.name}.help`, {
                rule: t(`design.rules.${f.rule}`),
                value: number.format(Number(defaults[f.name])),
              })}
              value={values[f.name]}
              onChange={(v) => setValues((old) => ({ ...old, [f.name]: v }))}
              min={f.min}
              max={f.max}
              decimalScale={f.decimals}
              allowDecimal={f.decimals > 0}
              allowNegative={false}
              clampBehavior="none"
              prefix={f.unit === 'split' ? '1:' : undefined}
              suffix={f.unit === 'percent' ? ' %' : f.unit === 'metres' ? ' m' : undefined}
              decimalSeparator={number.format(1.5).includes(',') ? ',' : '.'}
              error={errorOf(f.name)}
              inputWrapperOrder={['label', 'input', 'description', 'error']}
            />
          ))}
        </SimpleGrid>
        <Group justify="space-between" gap="xs">
          <Button
            variant="subtle"
            size="sm"
            onClick={() => {
              setValues(defaults);
              setShown(false);
              setServer({});
            }}
          >
            {t('design.thresholds.defaults')}
          </Button>
          <Group gap="xs">
            <Button variant="default" onClick={onClose}>
              {t('design.thresholds.cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {t('design.thresholds.save')}
            </Button>
          </Group>
        </Group>
      </Stack>
    </form>
  );
}
