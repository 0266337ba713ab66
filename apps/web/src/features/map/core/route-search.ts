import { createStore, type StoreApi } from 'zustand/vanilla';
import type {
  ComputeRouteBody,
  ComputeRouteResult,
  LatLng,
  RoutingProfile,
} from '@integration/contracts';
import { decodeRoute, pathBetween, type RouteOption } from '../../routing/route-options.ts';
import { isPoint } from './editor-element.ts';
import type { Editor } from './editor.ts';
import type { EditorState } from './editor-state.ts';

/** Why no routes are shown: the server's message (already in the user's language). */
export interface RouteProblem {
  /** 409: the project has no road network; 422: a point off the roads or no path. */
  kind: 'noRoads' | 'unroutable' | 'failed';
  message: string;
}

/** Create Route (SPEC §4) for one cable at a time: a small state machine. */
export type RouteSearchPhase =
  | { phase: 'idle' }
  | { phase: 'loading'; key: string }
  /** `currency`: ISO 4217 code of the routes' costs, null when unknown. */
  | { phase: 'shown'; key: string; routes: RouteOption[]; currency: string | null }
  | { phase: 'failed'; key: string; problem: RouteProblem };

export interface RouteSearchState {
  profile: RoutingProfile;
  search: RouteSearchPhase;
}

export interface RouteSearchDeps {
  editor: Editor;
  projectId: number;
  compute(body: ComputeRouteBody): Promise<ComputeRouteResult>;
  profile?: RoutingProfile;
}

const problemOf = (error: unknown): RouteProblem => {
  const { status, message } = (error ?? {}) as { status?: number; message?: string };
  const kind = status === 409 ? 'noRoads' : status === 422 ? 'unroutable' : 'failed';
  return { kind, message: message ?? String(error) };
};

/**
 * Routes the user can tell apart: one drawn exactly as an earlier one is left out (the server
 * already answers each path once; an older server or an external router may not).
 */
function distinct(routes: RouteOption[]): RouteOption[] {
  const seen = new Set<string>();
  return routes.filter((route) => {
    const path = route.path.map((p) => `${p.lat},${p.lng}`).join(';');
    if (seen.has(path)) return false;
    seen.add(path);
    return true;
  });
}

/**
 * Create Route mode: a cable clicked fetches routes between its first and last points; one
 * chosen replaces the cable's path through the editor's one mutation path (undo, unsaved-work
 * protection and conflicts as for Edit Line), and is saved at once. Leaving the mode or the
 * cable (Escape clears the selection) clears the alternatives.
 */
export class RouteSearch {
  readonly state: StoreApi<RouteSearchState>;
  /** Answers to an older request are dropped. */
  private request = 0;
  private readonly unsubscribe: () => void;

  constructor(private readonly deps: RouteSearchDeps) {
    this.state = createStore<RouteSearchState>(() => ({
      profile: deps.profile ?? 'two-wheeler',
      search: { phase: 'idle' },
    }));
    this.unsubscribe = deps.editor.state.subscribe((s) => this.editorChanged(s));
  }

  get(): RouteSearchState {
    return this.state.getState();
  }

  private setSearch(search: RouteSearchPhase) {
    this.state.setState({ search });
  }

  private current(): string | null {
    const search = this.get().search;
    return search.phase === 'idle' ? null : search.key;
  }

  private editorChanged(s: EditorState) {
    const key = this.current();
    if (!key) return;
    const inMode = s.interaction.kind === 'mode' && s.interaction.mode === 'createRoute';
    if (!inMode || !s.selection.includes(key)) this.cancel();
  }

  /** Routes between the cable's first and last points, best first. */
  async search(key: string): Promise<void> {
    const element = this.deps.editor.collection.get(key);
    if (!element || element.type !== 'Cable' || isPoint(element.coordinates)) return;
    const from = element.coordinates[0];
    const to = element.coordinates[element.coordinates.length - 1];
    if (!from || !to) return;
    const request = ++this.request;
    this.setSearch({ phase: 'loading', key });
    try {
      const result = await this.deps.compute({
        origin: from,
        destination: to,
        profile: this.get().profile,
        projectId: this.deps.projectId,
        clusterId: this.deps.editor.clusterId,
        // Its own path is not existing infrastructure to follow (a cable not yet saved has none).
        ...(element.id !== null ? { excludeElementId: element.id } : {}),
        alternatives: true,
      });
      if (request !== this.request) return;
      this.setSearch({
        phase: 'shown',
        key,
        routes: distinct(result.routes.map(decodeRoute)),
        currency: result.currency,
      });
    } catch (error) {
      if (request !== this.request) return;
      this.setSearch({ phase: 'failed', key, problem: problemOf(error) });
    }
  }

  /** Another profile: the same cable's routes again. */
  setProfile(profile: RoutingProfile): void {
    if (profile === this.get().profile) return;
    this.state.setState({ profile });
    const key = this.current();
    if (key) void this.search(key);
  }

  /**
   * The route becomes the cable's path, from and to the cable's own ends; marked edit and
   * saved at once (Length follows the geometry, as for any reshape).
   */
  choose(index: number): boolean {
    const search = this.get().search;
    if (search.phase !== 'shown') return false;
    const route = search.routes[index];
    const element = this.deps.editor.collection.get(search.key);
    this.cancel();
    if (!route || !element || element.status === 'delete' || isPoint(element.coordinates)) {
      return false;
    }
    const ends = element.coordinates;
    const path = pathBetween(ends[0] as LatLng, ends[ends.length - 1] as LatLng, route.path);
    this.deps.editor.reshape(search.key, path, 'routing.history.routed');
    void this.deps.editor.saveNow();
    return true;
  }

  /** Clear the alternatives (Escape, leaving the mode); a request under way is dropped. */
  cancel(): void {
    this.request++;
    if (this.get().search.phase !== 'idle') this.setSearch({ phase: 'idle' });
  }

  dispose(): void {
    this.cancel();
    this.unsubscribe();
  }
}
