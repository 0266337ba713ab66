import { Button, Group } from '@mantine/core';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { elementTypeByName, type ElementTypeName } from '@integration/contracts';
import { ExportMenu } from '../../file-format/ExportMenu.tsx';
import { ImportWizard } from '../../file-format/ImportWizard.tsx';
import { useEditorState, useMapSession } from './editor-context.ts';
import { showElements } from './show-elements.ts';

/** Import a GIS file into the cluster, or export it (issue "GIS files"). */
export function FileControls({
  projectId,
  projectName,
  clusterId,
  clusterName,
  office,
}: {
  projectId: number;
  projectName: string;
  clusterId: number;
  clusterName: string;
  /** The cluster's central office: exported whole from the same menu, as the project is. */
  office: { id: number; name: string };
}) {
  const { t } = useTranslation();
  const { editor, controller, view } = useMapSession();
  const [importing, setImporting] = useState(false);
  const selection = useEditorState((s) => s.selection);
  const layers = useEditorState((s) => s.layers);
  // Importing adds elements, so it needs the right to edit; anyone who reads may export.
  const canEdit = useEditorState((s) => s.canEdit);
  const selectedIds = selection.flatMap((k) => editor.collection.get(k)?.id ?? []);
  const visibleTypes = (Object.keys(layers) as ElementTypeName[])
    .filter((type) => layers[type])
    .flatMap((type) => elementTypeByName(type)?.segment ?? []);
  // A GraceTHD check's problem opens on the map as the Problems panel's rows do.
  const showOnMap = (ids: number[]) => showElements({ editor, view }, ids, null);
  return (
    <Group gap={4} wrap="nowrap">
      {canEdit ? (
        <Button
          size="sm"
          variant="default"
          leftSection={<IconFileImport size={16} />}
          onClick={() => setImporting(true)}
        >
          {t('map.tools.import')}
        </Button>
      ) : null}
      <ExportMenu
        clusterId={clusterId}
        clusterName={clusterName}
        selectedIds={selectedIds}
        visibleTypes={visibleTypes}
        onShowElements={showOnMap}
        office={office}
        project={{ id: projectId, name: projectName }}
      />
      <ImportWizard
        opened={importing && canEdit}
        onClose={() => {
          setImporting(false);
          controller.preview(null);
        }}
        projectId={projectId}
        clusterId={clusterId}
        onPreview={(preview) => controller.preview(preview)}
        onImported={() => void editor.refresh()}
      />
    </Group>
  );
}
