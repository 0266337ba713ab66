import { Alert, Badge, Loader, Stack, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '../../app/DataTable.tsx';
import { errorMessage } from '../../app/error-message.ts';
import { describeCounts } from './delete-counts.ts';
import { dateTimeFormat, deletedCounts, writtenSettings } from './history-format.ts';
import { organisationApi, organisationKeys, type OrganisationChange } from './organisation.api.ts';

const ACTION_COLOUR = { create: 'teal', update: 'blue', delete: 'red' } as const;

/** Who changed the organisation, when (in the user's locale and time zone) and how. */
export function OrganisationHistory() {
  const { t, i18n } = useTranslation();
  const history = useQuery({
    queryKey: organisationKeys.history,
    queryFn: organisationApi.history,
  });
  const when = useMemo(() => dateTimeFormat(i18n.language, navigator.languages), [i18n.language]);

  const detail = (change: OrganisationChange) => {
    if (change.action === 'delete') {
      const counts = deletedCounts(change.detail);
      if (!counts) return '';
      const list = describeCounts(counts, i18n.language, (kind, form, formatted) =>
        t(`organisation.delete.counts.${kind}.${form}`, { formatted }),
      );
      return t('organisation.history.deletedWith', { list });
    }
    const written = writtenSettings(change.detail);
    const { zoom, country, currency, basemap, phase, colourScheme, losses } = written;
    const project = change.level === 'project';
    return [
      zoom !== undefined && project ? t('organisation.history.zoom', { zoom }) : null,
      country ? t('organisation.history.country', { country }) : null,
      currency ? t('organisation.history.currency', { currency }) : null,
      basemap !== undefined
        ? t('organisation.history.basemap', {
            basemap: basemap ? t(`map.mapType.${basemap}`) : t('organisation.history.firstBasemap'),
          })
        : null,
      phase ? t('organisation.history.phase', { phase: t(`clusters.phases.${phase}`) }) : null,
      colourScheme ? t('organisation.history.colourScheme', { scheme: colourScheme }) : null,
      losses ? t('organisation.history.losses') : null,
    ]
      .filter(Boolean)
      .join(', ');
  };

  return (
    <Stack>
      <Title order={2} size="h4">
        {t('organisation.history.title')}
      </Title>
      {history.error && (
        <Alert color="red" role="alert">
          {errorMessage(history.error, t)}
        </Alert>
      )}
      {history.isPending && <Loader size="sm" />}
      {history.data && (
        <DataTable
          label={t('organisation.history.title')}
          rows={history.data}
          rowKey={(change) => change.id}
          empty={t('organisation.history.empty')}
          hover={false}
          columns={[
            { header: t('organisation.history.name'), primary: true, cell: (c) => c.name },
            {
              header: t('organisation.history.what'),
              cell: (c) => (
                <Badge variant="light" color={ACTION_COLOUR[c.action]}>
                  {t(`organisation.history.action.${c.action}`)}
                </Badge>
              ),
            },
            { header: t('organisation.history.level'), cell: (c) => t(`hierarchy.${c.level}`) },
            { header: t('organisation.history.detail'), cell: detail },
            {
              header: t('organisation.history.who'),
              cell: (c) => c.userName ?? t('organisation.history.someone'),
            },
            {
              header: t('organisation.history.when'),
              cell: (c) => <time dateTime={c.at}>{when.format(new Date(c.at))}</time>,
            },
          ]}
        />
      )}
    </Stack>
  );
}
