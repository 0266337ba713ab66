import { Box, Button, Group, Paper, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import type { Visualization, VisualizationResult } from '@integration/contracts';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { categoriesOf, chartOption } from './chart-options.ts';
import type { Chart } from './echarts-setup.ts';
import { formatCell } from './format-cell.ts';

/**
 * One visualisation of a run drawn by ECharts (loaded on first use), with a legend and tooltips;
 * screen readers get a summary as the chart's name and the figures as a hidden table.
 */
export function ReportChart({
  result,
  config,
  title,
  percentage,
  fileName,
}: {
  result: VisualizationResult;
  config: Visualization | undefined;
  /** The metrics drawn, by name. */
  title: string;
  percentage: boolean;
  fileName: string;
}) {
  const { t, i18n } = useTranslation();
  const host = useRef<HTMLDivElement>(null);
  const chart = useRef<Chart | null>(null);
  const [ready, setReady] = useState(false);
  const categories = categoriesOf(result);
  const kind = t(`reports.chartTypes.${result.chartType}`);

  useEffect(() => {
    let disposed = false;
    let observer: ResizeObserver | null = null;
    void import('./echarts-setup.ts').then(({ init }) => {
      if (disposed || !host.current) return;
      const instance = init(host.current, undefined, { renderer: 'canvas' });
      instance.setOption(chartOption(result, config, percentage));
      chart.current = instance;
      observer = new ResizeObserver(() => instance.resize());
      observer.observe(host.current);
      setReady(true);
    });
    return () => {
      disposed = true;
      observer?.disconnect();
      chart.current?.dispose();
      chart.current = null;
    };
  }, [result, config, percentage]);

  const downloadPng = () => {
    const url = chart.current?.getDataURL({ type: 'png', pixelRatio: 2, backgroundColor: '#fff' });
    if (!url) return;
    const link = document.createElement('a');
    link.href = url;
    link.download = `${fileName}.png`;
    link.click();
  };

  const heading = t('reports.view.chartHeading', { kind, title });
  const summary = t('reports.view.chartSummary', { kind, title, count: categories.length });

  return (
    <Paper withBorder p="md" component="figure" m={0} miw={0}>
      <Group justify="space-between" mb="xs" wrap="wrap">
        <Title order={3} size="h5" component="figcaption">
          {heading}
        </Title>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconDownload size={14} />}
          onClick={downloadPng}
          disabled={!ready}
          aria-label={t('reports.view.downloadPngOf', { title: heading })}
        >
          {t('reports.view.downloadPng')}
        </Button>
      </Group>
      {categories.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('common.noData')}
        </Text>
      ) : (
        <Box ref={host} role="img" aria-label={summary} h={320} w="100%" />
      )}
      <VisuallyHidden>
        <Table aria-label={t('reports.view.chartData', { title: heading })}>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('reports.view.category')}</Table.Th>
              {result.series.map((s) => (
                <Table.Th key={s.name}>{s.name}</Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {categories.map((name) => (
              <Table.Tr key={name}>
                <Table.Th scope="row">{name}</Table.Th>
                {result.series.map((s) => (
                  <Table.Td key={s.name}>
                    {formatCell(
                      s.data.find((p) => p.name === name)?.value ?? null,
                      'number',
                      i18n.language,
                    )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </VisuallyHidden>
    </Paper>
  );
}
