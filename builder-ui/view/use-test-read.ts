import { useEffect, useRef, useState } from "preact/hooks";
import { api, type ReadLimits } from "../api-client.js";
import { writeInlineSchema, type DetectedSchema } from "../model/detected-schema.js";
import type { ManifestModel } from "../model/manifest-model.js";
import { parseStartState, type StreamStateShape } from "../model/start-state.js";
import { pagesOf, type TestReadResult } from "../model/test-read.js";
import type { TestPanelProps } from "./test-panel.js";

/** What the page lends the test panel: the manifest and the testing values as typed, and where a rotated token goes. */
interface TestReadHost {
  text(): string;
  /** The testing values the read carries (nothing is saved first). */
  values(): Record<string, unknown>;
  /** After a read: the testing values with a token the API rotated (already saved by the server). */
  rotated(values: Record<string, unknown>): void;
  edit(change: (model: ManifestModel) => ManifestModel): void;
  status(text: string): void;
  /** The stream's state shape (its cursor, whether it is partitioned), which the Input state is checked against. */
  stateShape(stream: string): StreamStateShape;
}

/** The product's test-read limits: 5 pages per partition, 5 partitions, 100 records (the kit's `TestLimits`). */
export const DEFAULT_READ_LIMITS: ReadLimits = { pages: 5, slices: 5, records: 100 };

interface TestState {
  stream: string;
  running: boolean;
  result?: TestReadResult;
  error?: string;
}

/**
 * The test panel's state: a test read of one stream (cancellable: aborting the request makes the server
 * abort the read's requests in flight), the number of pages to read (5 by default, as the product's
 * test read), and the schema detected from its records, which one action writes into the stream.
 */
export function useTestRead(host: TestReadHost): { open: boolean; run(stream: string, text?: string): Promise<void>; running: boolean; props?: Omit<TestPanelProps, "credential" | "onGoToCredential"> } {
  const [test, setTest] = useState<TestState>();
  const [limits, setLimits] = useState<ReadLimits>(DEFAULT_READ_LIMITS);
  const [inputState, setInputState] = useState("");
  const [dateTimeFormats, setDateTimeFormats] = useState(false);
  const [detected, setDetected] = useState<{ schema?: DetectedSchema; problem?: string }>({});
  const [detectRound, setDetectRound] = useState(0);
  const controller = useRef<AbortController | undefined>(undefined);
  const hostRef = useRef(host);
  hostRef.current = host;

  /** Test-reads `stream` of `text` (default: the page's manifest now; a caller that just changed the model passes the new text). */
  const run = async (stream: string, text = hostRef.current.text()) => {
    const start = parseStartState(inputState, hostRef.current.stateShape(stream));
    if (start.problem) {
      setTest({ stream, running: false, error: start.problem });
      return;
    }
    controller.current?.abort();
    const mine = new AbortController();
    controller.current = mine;
    setDetected({});
    setTest({ stream, running: true });
    try {
      const result = await api.test(text, stream, { limits, state: start.state, signal: mine.signal, testingValues: hostRef.current.values() });
      setTest({ stream, running: false, result });
      if (result.testingValues) hostRef.current.rotated(result.testingValues);
    } catch (error) {
      const cancelled = mine.signal.aborted;
      setTest((current) => (current && controller.current === mine ? { ...current, running: false, error: cancelled ? "The test read was cancelled; its requests in flight were aborted." : (error as Error).message } : current));
    }
  };

  const records = test?.result?.streams[0] ? pagesOf(test.result.streams[0]).flatMap((p) => p.page.records) : [];
  useEffect(() => {
    if (!test?.result || test.running) return;
    if (records.length === 0) return setDetected({ problem: "No records to detect a schema from." });
    let live = true;
    api.detectSchema(hostRef.current.text(), test.stream, records, dateTimeFormats).then(
      (schema) => live && setDetected({ schema }),
      (error: Error) => live && setDetected({ problem: `The schema could not be detected: ${error.message}` }),
    );
    return () => {
      live = false;
    };
  }, [test?.result, dateTimeFormats, detectRound]);

  const accept = async () => {
    const schema = detected.schema;
    if (!test || !schema?.inferred) return;
    const { target } = schema;
    if (target.kind === "inline") {
      hostRef.current.edit((model) => writeInlineSchema(model, target, schema.inferred!));
      hostRef.current.status(`The detected schema is written into ${target.sourcePath}; Save to keep it.`);
    } else if (target.kind === "file") {
      try {
        const { file } = await api.writeSchemaFile(hostRef.current.text(), test.stream, schema.inferred);
        hostRef.current.status(`Wrote the detected schema to ${file}.`);
      } catch (error) {
        hostRef.current.status(`The schema was not written: ${(error as Error).message}`);
      }
    }
    // The declared schema is now the detected one: compare again (after the page has the new text).
    setTimeout(() => setDetectRound((n) => n + 1), 0);
  };

  if (!test) return { open: false, run, running: false };
  return {
    open: true,
    run,
    running: test.running,
    props: {
      stream: test.stream,
      running: test.running,
      result: test.result,
      error: test.error,
      limits,
      onLimits: setLimits,
      inputState,
      onInputState: setInputState,
      stateProblem: inputState.trim() ? parseStartState(inputState, hostRef.current.stateShape(test.stream)).problem : undefined,
      onCancel: () => controller.current?.abort(),
      onClose: () => {
        controller.current?.abort();
        setTest(undefined);
      },
      onGoTo: () => undefined,
      schema: { detected: detected.schema, problem: detected.problem, dateTimeFormats, onDateTimeFormats: setDateTimeFormats, onAccept: accept },
    },
  };
}
