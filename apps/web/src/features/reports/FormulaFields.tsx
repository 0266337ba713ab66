import { Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import {
  AGGREGATIONS,
  FORMULA_OPERATIONS,
  FORMULA_VARIABLES_MAX,
  FORMULA_VARIABLES_MIN,
  RESULT_FORMATS,
  type FormulaConfig,
  type FormulaOperation,
  type ResultFormat,
} from '@integration/contracts';
import { Fragment } from 'react';
import { useTranslation } from 'react-i18next';
import {
  AggregationSelect,
  ElementTypeSelect,
  GroupBySelect,
  type MetricFormProps,
} from './MetricControls.tsx';
import { withVariableCount } from './metric-rules.ts';

/**
 * The formula editor (SPEC §5): 2–10 number attributes of the element type combined left to
 * right, one operation between each pair (ADD by default), a result name and format.
 */
export function FormulaFields(props: MetricFormProps) {
  const { t } = useTranslation();
  const { metric, onChange, attributes } = props;
  const formula = metric.formulaConfig ?? withVariableCount(emptyFormula, FORMULA_VARIABLES_MIN);
  const numbers = (attributes ?? []).filter((a) => a.number).map((a) => a.name);
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
        <ElementTypeSelect {...props} />
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
      {attributes && numbers.length === 0 && (
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
        <AggregationSelect {...props} allowed={[...AGGREGATIONS]} />
        <GroupBySelect {...props} />
      </SimpleGrid>
      <Group gap={4}>
        <Text size="sm" c="dimmed">
          {t('reports.formula.perElement')}
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
