import { Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  AGGREGATIONS,
  FORMULA_OPERATIONS,
  FORMULA_VARIABLES_MAX,
  FORMULA_VARIABLES_MIN,
  NUMERIC_PROJECT_INFO_FIELDS,
  REPORT_ELEMENT_TYPES,
  RESULT_FORMATS,
  elementTypeByName,
  type ReportElementType,
  type FormulaConfig,
  type FormulaOperation,
  type ResultFormat,
} from '@integration/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import { AggregationSelect, GroupBySelect, type MetricFormProps } from './MetricControls.tsx';
import { withVariableCount } from './metric-rules.ts';

/** The element type's choice that stands for the project's own figures (no element type). */
const PROJECT_FIGURES = 'project';

/**
 * The formula editor (SPEC §5): 2–10 number attributes of the element type combined left to
 * right, one operation between each pair (ADD by default), a result name and format. Without
 * element type ("Project figures"), it combines each group's number figures: costs, homes…
 */
export function FormulaFields(props: MetricFormProps) {
  const { t } = useTranslation();
  const { metric, onChange, attributes } = props;
  const formula = metric.formulaConfig ?? withVariableCount(emptyFormula, FORMULA_VARIABLES_MIN);
  const byGroup = metric.elementType === null;
  const numbers = byGroup
    ? NUMERIC_PROJECT_INFO_FIELDS.map((f) => ({ value: f, label: t(`reports.fields.${f}`) }))
    : (attributes ?? []).filter((a) => a.number).map((a) => ({ value: a.name, label: a.name }));
  const setSource = (value: string | null) =>
    onChange({
      ...metric,
      elementType: value === PROJECT_FIGURES ? null : (value as ReportElementType),
      // One figure per group needs no aggregation; elements do.
      aggregationOperation:
        value === PROJECT_FIGURES ? null : (metric.aggregationOperation ?? 'AVERAGE'),
      // Other variables apply: what was chosen no longer does.
      formulaConfig: { ...formula, variableAttributes: formula.variableAttributes.map(() => '') },
    });
  const set = (patch: Partial<FormulaConfig>) =>
    onChange({ ...metric, formulaConfig: { ...formula, ...patch } });
  const setVariable = (index: number, name: string | null) =>
    set({
      variableAttributes: formula.variableAttributes.map((v, i) =>
        i === index ? (name ?? '') : v,
      ),
    });
  const setOperation = (index: number, operation: FormulaOperation) =>
    set({ operations: formula.operations.map((o, i) => (i === index ? operation : o)) });

  return (
    <Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <Select
          label={t('reports.metric.elementType')}
          data={[
            { value: PROJECT_FIGURES, label: t('reports.formula.projectFigures') },
            ...REPORT_ELEMENT_TYPES.map((type) => ({
              value: type,
              label: elementTypeByName(type)?.displayName ?? type,
            })),
          ]}
          value={metric.elementType ?? PROJECT_FIGURES}
          onChange={setSource}
          allowDeselect={false}
        />
        <NumberInput
          label={t('reports.formula.variables')}
          description={t('reports.formula.variablesHint', {
            min: FORMULA_VARIABLES_MIN,
            max: FORMULA_VARIABLES_MAX,
          })}
          value={formula.numberOfVariables}
          onChange={(v) =>
            onChange({ ...metric, formulaConfig: withVariableCount(formula, Number(v) || 0) })
          }
          min={FORMULA_VARIABLES_MIN}
          max={FORMULA_VARIABLES_MAX}
          allowDecimal={false}
          allowNegative={false}
          clampBehavior="strict"
        />
      </SimpleGrid>
      {!byGroup && attributes && numbers.length === 0 && (
        <Text size="sm" c="red">
          {t('reports.formula.noNumbers')}
        </Text>
      )}
      <Stack gap="xs" role="group" aria-label={t('reports.formula.expression')}>
        {formula.variableAttributes.map((variable, index) => (
          <Fragment key={index}>
            {index > 0 && (
              <Select
                aria-label={t('reports.formula.operationOf', { n: index })}
                data={FORMULA_OPERATIONS.map((o) => ({
                  value: o,
                  label: t(`reports.operations.${o}`),
                }))}
                value={formula.operations[index - 1] ?? 'ADD'}
                onChange={(v) => v && setOperation(index - 1, v as FormulaOperation)}
                allowDeselect={false}
                w={200}
                ml="xl"
              />
            )}
            <Select
              label={t('reports.formula.variable', { n: index + 1 })}
              placeholder={t('hierarchy.choose')}
              data={numbers}
              value={variable || null}
              onChange={(v) => setVariable(index, v)}
              searchable
              nothingFoundMessage={t('hierarchy.nothingFound')}
            />
          </Fragment>
        ))}
      </Stack>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput
          label={t('reports.formula.resultName')}
          value={formula.resultName}
          onChange={(e) => set({ resultName: e.currentTarget.value })}
          maxLength={100}
        />
        <Select
          label={t('reports.formula.format')}
          data={RESULT_FORMATS.map((f) => ({ value: f, label: t(`reports.formats.${f}`) }))}
          value={formula.resultFormat}
          onChange={(v) => v && set({ resultFormat: v as ResultFormat })}
          allowDeselect={false}
        />
        {byGroup ? null : <AggregationSelect {...props} allowed={[...AGGREGATIONS]} />}
        <GroupBySelect {...props} />
      </SimpleGrid>
      <Group gap={4}>
        <Text size="sm" c="dimmed">
          {t(byGroup ? 'reports.formula.perGroup' : 'reports.formula.perElement')}
        </Text>
      </Group>
    </Stack>
  );
}

const emptyFormula: FormulaConfig = {
  resultName: '',
  numberOfVariables: FORMULA_VARIABLES_MIN,
  variableAttributes: [],
  operations: [],
  resultFormat: 'NUMBER',
};
