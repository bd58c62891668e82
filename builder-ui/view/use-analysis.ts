import { useEffect, useRef, useState } from "preact/hooks";
import { api, type Analysis } from "../api-client.js";

/**
 * How long the page waits after a change before it asks for the analysis: none past the key's own task.
 * One request is out at a time and a change made meanwhile is asked with the latest text when it answers,
 * so a fast typist's keys are gathered there; a wait here only delayed every Problems list (50 ms until
 * round five of issue 40).
 */
export const ANALYZE_DELAY_MS = 0;

const EMPTY: Analysis = { findings: [], streams: [], spec: null, fields: {}, customClasses: {}, textId: "" };

interface AnalysisInput {
  text: string;
  values: Record<string, unknown>;
  /** The manifest paths the forms show. */
  fields: readonly string[];
  /** The analysis of the text the page opened with (made before it was drawn), and that text and values. */
  initial?: { analysis: Analysis; text: string; values: Record<string, unknown> };
  onError(error: Error): void;
}

/**
 * The server's analysis (`POST api/analyze`) of the text and testing values as the author types:
 * asked right after a change ({@link ANALYZE_DELAY_MS}), one request at a time. A change while a request
 * is out is asked when it answers, with the latest text, so a fast typist never queues analyses on the
 * server and the Problems list trails the last keystroke by one analysis at most; an answer for a text
 * changed since is not shown (its lines would be the old text's).
 *
 * @example
 * const analysis = useAnalysis({ text: model.text, values, fields: FIELD_PATHS, onError: (e) => setStatus(e.message) });
 */
export function useAnalysis({ text, values, fields, initial, onError }: AnalysisInput): Analysis {
  const [analysis, setAnalysis] = useState<Analysis>(initial?.analysis ?? EMPTY);
  const changes = useRef(0);
  const waiting = useRef<{ text: string; values: Record<string, unknown>; change: number } | undefined>(undefined);
  const inFlight = useRef(false);
  const errors = useRef(onError);
  errors.current = onError;

  const sendWaiting = (): void => {
    const request = waiting.current;
    if (!request || inFlight.current) return;
    waiting.current = undefined;
    inFlight.current = true;
    const current = () => request.change === changes.current;
    api
      .analyze(request.text, fields, request.values)
      .then(
        (result) => current() && setAnalysis(result),
        (error: Error) => current() && errors.current(error),
      )
      .finally(() => {
        inFlight.current = false;
        sendWaiting();
      });
  };

  useEffect(() => {
    if (initial && text === initial.text && values === initial.values && changes.current === 0) return;
    const change = ++changes.current;
    const timer = setTimeout(() => {
      waiting.current = { text, values, change };
      sendWaiting();
    }, ANALYZE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [text, values]);

  return analysis;
}
