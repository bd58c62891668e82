import type { Stream } from "../../sdk/index.js";
import { isJsonObject } from "../../pure/json-object.js";

/**
 * The states of the parents a `SubstreamPartitionRouter` reads incrementally (`incremental_dependency:
 * true`), keyed by parent stream name: the kit's `parent_state` of a child's state. Each read starts a
 * parent from the child's saved state, as the kit finds it: the child's `parent_state[<parent>]`, else
 * the child's global `state`, else a child state holding one value, read as the parent's cursor (a state
 * written before the child depended on its parent).
 *
 * @example
 * const states = new ParentStates();
 * states.start({ parent_state: { projects: { updated_at: "2024-03-01" } } }, [projects]);
 * states.of("projects"); // { updated_at: "2024-03-01" }
 * states.set("projects", { updated_at: "2024-03-09" });
 * states.snapshot(); // { projects: { updated_at: "2024-03-09" } }
 */
export class ParentStates {
  private states = new Map<string, Record<string, unknown>>();

  /** Starts a read: each parent's state from the child's saved state (none: the parent reads from its start). */
  start(childState: Record<string, unknown> | undefined, parents: readonly Stream[]): void {
    this.states = new Map();
    for (const parent of parents) {
      const state = savedParentState(childState, parent);
      if (state) this.states.set(parent.name, state);
    }
  }

  of(parent: string): Record<string, unknown> | undefined {
    return this.states.get(parent);
  }

  set(parent: string, state: Record<string, unknown>): void {
    this.states.set(parent, state);
  }

  /** Every parent's state now (`{}` for a parent with none yet), as a child's `parent_state`. */
  snapshot(parents: readonly Stream[]): Record<string, unknown> {
    return Object.fromEntries(parents.map((parent) => [parent.name, structuredClone(this.states.get(parent.name) ?? {})]));
  }
}

/** A parent's state inside a child's saved state (see {@link ParentStates}); undefined when it has none. */
function savedParentState(child: Record<string, unknown> | undefined, parent: Stream): Record<string, unknown> | undefined {
  if (!child) return undefined;
  const { __ab_no_cursor_state_message: _, ...state } = child;
  if (Object.keys(state).length === 0) return undefined;
  const ofThisParent = isJsonObject(state.parent_state) ? state.parent_state[parent.name] : undefined;
  if (isJsonObject(ofThisParent)) return ofThisParent;
  if (isJsonObject(state.state)) return state.state;
  const values = Object.values(state);
  return values.length === 1 && parent.cursorField ? { [parent.cursorField]: values[0] } : undefined;
}

