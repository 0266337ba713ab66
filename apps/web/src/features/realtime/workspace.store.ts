import { create } from 'zustand';
import { STORAGE_KEYS } from '@integration/contracts';

/** The project and cluster the user works in, kept as projectID / clusterID (SPEC §3). */
interface WorkspaceState {
  projectId: number | null;
  clusterId: number | null;
  open(projectId: number, clusterId: number): void;
  /** A project chosen on the Project page, before any cluster of it. */
  chooseProject(projectId: number): void;
}

const stored = (key: string) => {
  const value = Number(localStorage.getItem(key));
  return Number.isInteger(value) && value > 0 ? value : null;
};

export const useWorkspace = create<WorkspaceState>((set) => ({
  projectId: stored(STORAGE_KEYS.projectId),
  clusterId: stored(STORAGE_KEYS.clusterId),
  open(projectId, clusterId) {
    localStorage.setItem(STORAGE_KEYS.projectId, String(projectId));
    localStorage.setItem(STORAGE_KEYS.clusterId, String(clusterId));
    set({ projectId, clusterId });
  },
  chooseProject(projectId) {
    set((s) => {
      if (s.projectId === projectId) return s;
      // Another project's cluster must not open with it.
      localStorage.setItem(STORAGE_KEYS.projectId, String(projectId));
      localStorage.removeItem(STORAGE_KEYS.clusterId);
      return { projectId, clusterId: null };
    });
  },
}));
