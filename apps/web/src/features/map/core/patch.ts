import type { ElementContent } from './editor-element.ts';

/** One element's change: content before and after; null means "does not exist". */
export interface ElementChange {
  key: string;
  before: ElementContent | null;
  after: ElementContent | null;
}

/**
 * Every edit is one patch applied through one function (Editor.transact): the same patch is
 * what autosave sends (through the statuses it sets) and what undo reverts.
 */
export interface Patch {
  /** i18n key describing the edit, e.g. 'map.history.moved'. */
  note: string;
  changes: ElementChange[];
}

export const invert = (patch: Patch): Patch => ({
  note: patch.note,
  changes: patch.changes.map((c) => ({ key: c.key, before: c.after, after: c.before })).reverse(),
});

/** Undo and redo stacks of patches. */
export class PatchHistory {
  private undoStack: Patch[] = [];
  private redoStack: Patch[] = [];

  constructor(private readonly limit = 200) {}

  record(patch: Patch): void {
    this.undoStack.push(patch);
    if (this.undoStack.length > this.limit) this.undoStack.shift();
    this.redoStack = [];
  }

  /** The patch that undoes the last edit, moved to the redo stack. */
  takeUndo(): Patch | undefined {
    const patch = this.undoStack.pop();
    if (patch) this.redoStack.push(patch);
    return patch && invert(patch);
  }

  takeRedo(): Patch | undefined {
    const patch = this.redoStack.pop();
    if (patch) this.undoStack.push(patch);
    return patch;
  }

  get canUndo() {
    return this.undoStack.length > 0;
  }
  get canRedo() {
    return this.redoStack.length > 0;
  }

  clear(): void {
    this.undoStack = [];
    this.redoStack = [];
  }
}
