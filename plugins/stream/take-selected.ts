import { SELECTION_PAUSE, type DataRecord, type SelectionStats } from "../../sdk/index.js";

/** Items a selection takes between two turns of the event loop (see `SelectionStats.pauseEvery`): a few milliseconds of filtering. */
const SELECTION_PAUSE_EVERY = 2048;

/** The stats a page's selection counts into, asking it to pause every {@link SELECTION_PAUSE_EVERY} items. */
export function pausingStats(): SelectionStats {
  return { rawCount: 0, pauseEvery: SELECTION_PAUSE_EVERY };
}

/**
 * Hands each record a selection yields to `take`, giving the event loop a turn at each pause so a stop
 * (SIGTERM, Ctrl-C, an abort) is handled while a large page is filtered: it then throws the signal's
 * reason, as a request aborted in flight does. False when the read ended meanwhile (its consumer stopped).
 *
 * @example
 * if (!(await takeSelected(selector.select(response, context, pausingStats()), (r) => records.push(r), { signal, ended }))) return undefined;
 */
export async function takeSelected(selected: Iterable<DataRecord>, take: (record: DataRecord) => void, at: { signal?: AbortSignal; ended(): boolean }): Promise<boolean> {
  for (const record of selected) {
    if (record !== SELECTION_PAUSE) {
      take(record);
      continue;
    }
    await new Promise((resolve) => setImmediate(resolve));
    if (at.signal?.aborted) throw at.signal.reason;
    if (at.ended()) return false;
  }
  return true;
}
