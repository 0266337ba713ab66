/** The Tag Generation modal's mode (SPEC §4): create, edit or none; anything else is a bug. */
export type TagModalMode = 'create' | 'edit' | 'none';

export function tagModalMode(value: string): TagModalMode {
  if (value === 'create' || value === 'edit' || value === 'none') return value;
  throw new Error(`Unknown tag modal mode '${value}': expected create, edit or none`);
}
