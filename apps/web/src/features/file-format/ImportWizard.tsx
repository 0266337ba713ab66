import { useRef, useState } from 'react';
import {
  Alert,
  Button,
  FileInput,
  Group,
  List,
  Modal,
  Progress,
  Stack,
  Text,
  TextInput,
} from '@mantine/core';
import { useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ELEMENT_TYPES,
  IMPORT_EXTENSIONS,
  MODAL_WIDTH,
  elementTypeByName,
  type CrsRequiredDetails,
  type ElementTemplate,
  type ExchangeImportAnswer,
  type FeatureCollection,
  type ImportedLayer,
  type ImportResult,
} from '@integration/contracts';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../api/client.ts';
import { session } from '../../session/session.ts';
import { hierarchyApi, hierarchyKeys } from '../hierarchy/hierarchy.api.ts';
import { canImportRoads, isOsmExtract, lineLayers } from '../routing/road-network.ts';
import { RoadNetworkOffer } from '../routing/RoadNetworkOffer.tsx';
import { RoadNetworkStep } from '../routing/RoadNetworkStep.tsx';
import { fileFormatApi, filesFromUrl } from './file-format.api.ts';
import {
  droppedFieldList,
  guessElementType,
  guessFieldMapping,
  prepareItems,
} from './field-mapping.ts';
import { isExchangeAnswer } from './exchange.api.ts';
import { ExchangeReport } from './ExchangeReport.tsx';
import { importLayer, type LayerOutcome } from './import-run.ts';
import type { ImportReportData, LayerPlan } from './import-plan.ts';
import { ImportReport } from './ImportReport.tsx';
import { LayerCard } from './LayerCard.tsx';

export interface ImportWizardProps {
  opened: boolean;
  onClose: () => void;
  projectId: number;
  clusterId: number;
  /** The layers to draw on the map as a preview (WGS84), or null to clear it. */
  onPreview: (layers: FeatureCollection[] | null) => void;
  /** Called once elements were created, so that the map reloads them. */
  onImported: () => void;
  /** 'roads': the file becomes the project's road network (Create Route), not elements. */
  purpose?: 'elements' | 'roads';
  /** Called once a road network was loaded. */
  onRoadsImported?: () => void;
}

type Step =
  | { step: 'choose'; error?: string; crsAsked?: CrsRequiredDetails }
  | { step: 'reading' }
  | MapStep
  | { step: 'importing'; sent: number; total: number }
  | { step: 'report'; report: ImportReportData }
  /** A GraceTHD delivery or an OFDS package, recognised and imported by the server. */
  | { step: 'exchange'; answer: ExchangeImportAnswer }
  | { step: 'roads'; files: File[]; layers: string[]; from?: MapStep };
type MapStep = { step: 'map'; result: ImportResult; plans: LayerPlan[]; files: File[] };

const ACCEPT = IMPORT_EXTENSIONS.map((e) => `.${e}`).join(',');
/** Road networks also come as OpenStreetMap extracts (read by the routing import itself). */
const ACCEPT_ROADS = `${ACCEPT},.osm,.pbf`;

/** Default template of a type (first listed), for a plan. */
const defaultTemplate = (templates: ElementTemplate[]) =>
  templates.find((t) => t.isDefault) ?? templates[0] ?? null;

/**
 * Import wizard of the map (issue "GIS files"): choose files or a URL, preview the layers on
 * the map, map each layer to an element type and its fields to the template's attributes,
 * import into the cluster in batches (progress, cancel), then a report of what was imported,
 * skipped and why. A GraceTHD delivery or an OFDS package is recognised by the server from its
 * content and imported there at once (issue 29): its report replaces the layer mapping.
 * Not mounted here: the map page mounts it.
 */
export function ImportWizard(props: ImportWizardProps) {
  const { t } = useTranslation();
  const close = () => {
    props.onPreview(null);
    props.onClose();
  };
  // The body mounts when the modal opens, so every opening starts afresh.
  return (
    <Modal
      opened={props.opened}
      onClose={close}
      size={MODAL_WIDTH}
      title={t(props.purpose === 'roads' ? 'routing.import.title' : 'fileFormat.import.title')}
    >
      {props.opened && <WizardBody {...props} close={close} />}
    </Modal>
  );
}

function WizardBody({
  opened,
  projectId,
  clusterId,
  onPreview,
  onImported,
  purpose = 'elements',
  onRoadsImported,
  close: closeModal,
}: ImportWizardProps & { close: () => void }) {
  const roads = purpose === 'roads';
  const mayLoadRoads = canImportRoads(session.user()?.role);
  const { t } = useTranslation();
  const [state, setState] = useState<Step>({ step: 'choose' });
  const [files, setFiles] = useState<File[]>([]);
  const [url, setUrl] = useState('');
  const [epsg, setEpsg] = useState('');
  const cancelled = useRef(false);
  const templateQueries = useQueries({
    queries: ELEMENT_TYPES.map((type) => ({
      queryKey: ['templates', type.segment, projectId],
      queryFn: () => fileFormatApi.templates(type.segment, projectId),
      enabled: opened && projectId > 0,
      staleTime: 60_000,
    })),
  });
  const templatesOf = (typeName: string | null): ElementTemplate[] => {
    const index = ELEMENT_TYPES.findIndex((type) => type.internalName === typeName);
    return index < 0 ? [] : (templateQueries[index]?.data ?? []);
  };
  const templatesReady = templateQueries.every((q) => !q.isLoading);
  // An OFDS package becomes a new project under the current project's main project.
  const project = useQuery({
    queryKey: hierarchyKeys.project(projectId),
    queryFn: () => hierarchyApi.project(projectId),
    enabled: opened && projectId > 0 && !roads,
    staleTime: 60_000,
  });
  const queryClient = useQueryClient();

  const close = () => {
    cancelled.current = true;
    closeModal();
  };

  const planFor = (layer: ImportedLayer): LayerPlan => {
    const type = guessElementType(layer)?.internalName ?? null;
    const template = defaultTemplate(templatesOf(type));
    return {
      layer,
      type,
      templateId: template?.id ?? null,
      mapping: guessFieldMapping(
        layer.fields.map((f) => f.name),
        template?.attributes ?? [],
      ),
    };
  };

  async function read() {
    setState({ step: 'reading' });
    try {
      const chosen = url.trim() ? await filesFromUrl(url.trim()) : files;
      if (roads && isOsmExtract(chosen))
        return setState({ step: 'roads', files: chosen, layers: [] });
      const result = await fileFormatApi.importFiles(
        chosen,
        epsg.trim() || undefined,
        undefined,
        roads ? {} : { clusterId, mainProjectId: project.data?.mainProjectId },
      );
      if (isExchangeAnswer(result)) {
        onPreview(null);
        if (result.standard === 'gracethd' && result.target.clusterIds.includes(clusterId))
          onImported();
        // A new project (OFDS) or new clusters appear in the hierarchy's lists.
        void queryClient.invalidateQueries({ queryKey: hierarchyKeys.all });
        return setState({ step: 'exchange', answer: result });
      }
      if (roads) {
        onPreview(result.layers.filter((l) => l.geometryKind === 'line').map((l) => l.features));
        return setState({ step: 'roads', files: chosen, layers: lineLayers(result.layers) });
      }
      onPreview(result.layers.map((l) => l.features));
      setState({ step: 'map', result, plans: result.layers.map(planFor), files: chosen });
    } catch (error) {
      const details =
        error instanceof ApiError ? (error.details as CrsRequiredDetails | undefined) : undefined;
      setState({
        step: 'choose',
        error: error instanceof Error ? error.message : String(error),
        crsAsked: details?.crsRequired ? details : undefined,
      });
    }
  }

  const backTo = (from: MapStep | undefined) => (from ? () => setState(from) : undefined);

  const updatePlan = (index: number, change: (plan: LayerPlan) => LayerPlan) =>
    setState((current) =>
      current.step === 'map'
        ? { ...current, plans: current.plans.map((p, i) => (i === index ? change(p) : p)) }
        : current,
    );

  const chooseType = (index: number, type: string | null) =>
    updatePlan(index, (plan) => {
      const template = defaultTemplate(templatesOf(type));
      return {
        ...plan,
        type,
        templateId: template?.id ?? null,
        mapping: guessFieldMapping(
          plan.layer.fields.map((f) => f.name),
          template?.attributes ?? [],
        ),
      };
    });

  async function runImport(plans: LayerPlan[]) {
    cancelled.current = false;
    const work = plans.flatMap((plan) => {
      const type = plan.type ? elementTypeByName(plan.type) : undefined;
      const template = templatesOf(plan.type).find((tpl) => tpl.id === plan.templateId);
      if (!type || !template) return [];
      const prepared = prepareItems(plan.layer.features.features, {
        type,
        clusterId,
        templateId: template.id,
        attributes: template.attributes,
        mapping: plan.mapping,
      });
      return [{ plan, type, prepared }];
    });
    const total = work.reduce((n, w) => n + w.prepared.items.length, 0);
    let sent = 0;
    setState({ step: 'importing', sent, total });
    const outcomes: LayerOutcome[] = [];
    const notes: string[] = [];
    for (const { plan, type, prepared } of work) {
      const outcome = await importLayer(
        plan.layer.name,
        type,
        prepared.items,
        (data) => fileFormatApi.createMultiple(type.segment, data),
        {
          cancelled: () => cancelled.current,
          progress: (n) => {
            sent += n;
            setState({ step: 'importing', sent, total });
          },
        },
      );
      outcome.skipped.unshift(
        ...prepared.skipped.map((s) => ({
          layer: plan.layer.name,
          feature: s.feature,
          reason: t('fileFormat.import.noUsableGeometry'),
        })),
      );
      if (prepared.droppedHoles) {
        notes.push(
          t('fileFormat.import.holesDropped', {
            layer: plan.layer.name,
            count: prepared.droppedHoles,
          }),
        );
      }
      if (prepared.droppedValues) {
        notes.push(
          t('fileFormat.import.valuesDropped', {
            layer: plan.layer.name,
            count: prepared.droppedValues,
            fields: droppedFieldList(prepared.droppedByField),
          }),
        );
      }
      outcomes.push(outcome);
    }
    for (const plan of plans.filter((p) => !p.type)) {
      notes.push(t('fileFormat.import.layerSkipped', { layer: plan.layer.name }));
    }
    onPreview(null);
    if (outcomes.some((o) => o.imported > 0)) onImported();
    setState({ step: 'report', report: { outcomes, cancelled: cancelled.current, notes } });
  }

  return (
    <>
      {(state.step === 'choose' || state.step === 'reading') && (
        <Stack>
          <Text size="sm">{t(roads ? 'routing.import.intro' : 'fileFormat.import.intro')}</Text>
          <Text size="xs" c="dimmed">
            {t(roads ? 'routing.import.osmHint' : 'fileFormat.exchange.import.hint')}
          </Text>
          <FileInput
            label={t('fileFormat.import.files')}
            description={t('fileFormat.import.filesHint')}
            placeholder={t('fileFormat.import.filesPlaceholder')}
            multiple
            accept={roads ? ACCEPT_ROADS : ACCEPT}
            value={files}
            onChange={(value) => setFiles(value)}
            clearable
          />
          <TextInput
            label={t('fileFormat.import.url')}
            description={t('fileFormat.import.urlHint')}
            placeholder="https://example.com/network.zip"
            value={url}
            onChange={(e) => setUrl(e.currentTarget.value)}
          />
          {state.step === 'choose' && state.error && (
            <Alert color="red" title={t('fileFormat.import.readFailed')} role="alert">
              {state.error}
            </Alert>
          )}
          {(state.step === 'choose' && state.crsAsked) || epsg ? (
            <TextInput
              label={t('fileFormat.import.epsg')}
              description={t('fileFormat.import.epsgHint')}
              placeholder="32737"
              value={epsg}
              onChange={(e) => setEpsg(e.currentTarget.value)}
            />
          ) : null}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('fileFormat.cancel')}
            </Button>
            <Button
              onClick={() => void read()}
              loading={state.step === 'reading'}
              disabled={files.length === 0 && url.trim() === ''}
            >
              {t('fileFormat.import.read')}
            </Button>
          </Group>
        </Stack>
      )}

      {state.step === 'map' && (
        <Stack>
          <Text size="sm">
            {t('fileFormat.import.mapIntro', { count: state.result.layers.length })}
          </Text>
          {state.result.warnings.length > 0 && (
            <Alert color="yellow" title={t('fileFormat.import.warnings')}>
              <List size="sm">
                {state.result.warnings.map((w) => (
                  <List.Item key={w}>{w}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          {mayLoadRoads ? (
            <RoadNetworkOffer
              layers={state.result.layers}
              onChoose={(layer) =>
                setState({ step: 'roads', files: state.files, layers: [layer], from: state })
              }
            />
          ) : null}
          {state.plans.map((plan, index) => (
            <LayerCard
              key={`${plan.layer.file}/${plan.layer.name}`}
              plan={plan}
              templates={templatesOf(plan.type)}
              onType={(type) => chooseType(index, type)}
              onTemplate={(templateId) =>
                updatePlan(index, (p) => {
                  const template = templatesOf(p.type).find((tpl) => tpl.id === templateId);
                  return {
                    ...p,
                    templateId,
                    mapping: guessFieldMapping(
                      p.layer.fields.map((f) => f.name),
                      template?.attributes ?? [],
                    ),
                  };
                })
              }
              onField={(field, target) =>
                updatePlan(index, (p) => ({ ...p, mapping: { ...p.mapping, [field]: target } }))
              }
            />
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={close}>
              {t('fileFormat.cancel')}
            </Button>
            <Button
              onClick={() => void runImport(state.plans)}
              disabled={!templatesReady || !state.plans.some((p) => p.type && p.templateId)}
            >
              {t('fileFormat.import.start')}
            </Button>
          </Group>
        </Stack>
      )}

      {state.step === 'importing' && (
        <Stack>
          <Text size="sm">
            {t('fileFormat.import.progress', { sent: state.sent, total: state.total })}
          </Text>
          <Progress
            value={state.total ? (100 * state.sent) / state.total : 100}
            aria-label={t('fileFormat.import.progressLabel')}
            animated
          />
          <Group justify="flex-end">
            <Button color="red" variant="light" onClick={() => (cancelled.current = true)}>
              {t('fileFormat.cancel')}
            </Button>
          </Group>
        </Stack>
      )}

      {state.step === 'report' && <ImportReport report={state.report} onClose={close} />}

      {state.step === 'exchange' && (
        <ExchangeReport answer={state.answer} clusterId={clusterId} onClose={close} />
      )}

      {state.step === 'roads' && (
        <RoadNetworkStep
          key={state.layers.join('/')}
          projectId={projectId}
          files={state.files}
          layers={state.layers}
          onBack={backTo(state.from)}
          onClose={close}
          onDone={() => onRoadsImported?.()}
        />
      )}
    </>
  );
}
