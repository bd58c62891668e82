/**
 * The setups the Python e2e tests share (test/e2e/python/): a `sluice read` process over a one-stream
 * connector whose extractor is a Python class, stopped by a signal, and what its output says; and a
 * concurrent read of several streams whose Python components wait on each other, through the library.
 *
 * @example
 * const { api, dir } = await signalledPythonConnector(COMPONENTS, "Rows");
 * const read = startSluiceRead(dir.dir);
 * child.kill("SIGTERM"); const outcome = interruptedOutcome(read.stdout());
 */
import { spawn } from "node:child_process";
import { createSluice } from "../../core/index.js";
import { pythonConnector } from "../e2e/python/python-connector.js";
import type { TempConnector } from "../core/loader/temp-connector.js";
import { HoldingApi } from "./holding-api.js";
import { nextPagePaginator } from "./latency-api.js";
import { sourceDef, streamDef } from "./manifest-builder.js";
import { assertProtocolOutput } from "./protocol-schema.js";
import { BIN } from "./run-sluice.js";

type Message = Record<string, any>;

/**
 * A {@link HoldingApi} and a connector folder reading its stream `first` (paginated) with
 * `source_declarative_manifest.components.<className>` as the extractor; `manifest.json` and an empty
 * `config.json` beside `components.py`.
 */
export async function signalledPythonConnector(components: string, className: string): Promise<{ api: HoldingApi; dir: TempConnector }> {
  const api = await new HoldingApi().listen();
  const stream = streamDef({ urlBase: api.url, name: "first", path: "/first", fieldPath: ["data"], paginator: nextPagePaginator() }) as Record<string, any>;
  stream.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: `source_declarative_manifest.components.${className}` };
  const manifest = { version: "6.0.0", type: "DeclarativeSource", check: { type: "CheckStream", stream_names: ["first"] }, streams: [stream] };
  const dir = await pythonConnector(components, { "manifest.json": JSON.stringify(manifest), "config.json": "{}" });
  return { api, dir };
}

/** A running `sluice read --manifest manifest.json --config config.json` in `cwd`. */
export interface SluiceReadProcess {
  pid: number;
  kill(signal: NodeJS.Signals): void;
  /** Its exit code, once it has closed. */
  exited: Promise<number | null>;
  stdout(): string;
  stderr(): string;
}

/** Starts `sluice read` in a connector folder, collecting its output. */
export function startSluiceRead(cwd: string): SluiceReadProcess {
  const child = spawn(process.execPath, [BIN, "read", "--manifest", "manifest.json", "--config", "config.json"], { cwd, stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "";
  let stderr = "";
  child.stdout.on("data", (chunk: Buffer) => (stdout += chunk));
  child.stderr.on("data", (chunk: Buffer) => (stderr += chunk));
  return {
    pid: child.pid!,
    kill: (signal) => child.kill(signal),
    exited: new Promise((resolve) => child.on("close", (code) => resolve(code))),
    stdout: () => stdout,
    stderr: () => stderr,
  };
}

/** What a stopped read wrote: its stream statuses in order, its error trace's message, its records, whether a STATE came. */
export interface InterruptedOutcome {
  statuses: string[];
  errorMessage: string;
  records: Message[];
  wroteState: boolean;
}

/** Reads a stopped `sluice read`'s stdout (checked against the Airbyte protocol's schema). */
export function interruptedOutcome(stdout: string): InterruptedOutcome {
  const messages = assertProtocolOutput(stdout) as Message[];
  return {
    statuses: messages.filter((m) => m.type === "TRACE" && m.trace.type === "STREAM_STATUS").map((m) => m.trace.stream_status.status),
    errorMessage: messages.find((m) => m.type === "TRACE" && m.trace.type === "ERROR")?.trace.error.message ?? "",
    records: messages.filter((m) => m.type === "RECORD"),
    wroteState: messages.some((m) => m.type === "STATE"),
  };
}

/**
 * Every record of a concurrent read (`readAll`, concurrency 2) of `streams`, whose custom classes are
 * in a temp folder holding `components`; the folder is removed after.
 */
export async function readAllWithPython(components: string, streams: Record<string, unknown>[], config: Record<string, unknown>): Promise<Record<string, unknown>[]> {
  const dir = await pythonConnector(components);
  try {
    const connector = await createSluice({ logLevel: "error" }).connect({ manifest: sourceDef(streams), searchFrom: dir.dir, config });
    const records: Record<string, unknown>[] = [];
    for await (const message of connector.readAll({ concurrency: 2 })) if (message.type === "record") records.push(message.record as Record<string, unknown>);
    return records;
  } finally {
    await dir.remove();
  }
}

/**
 * The Python text of a kit-style authenticator `class <name>(DeclarativeAuthenticator)` whose
 * `__call__` fetches its token with `requests.post(config["base"] + "/token")` (once when `cached`),
 * and the empty `auth_header`/`token` properties the kit's interface asks for.
 */
export function tokenAuthenticatorPython(name: string, cached: boolean): string {
  const fetch = 'requests.post(self.config["base"] + "/token").json()["token"]';
  const token = cached ? `if self._token is None:\n            self._token = ${fetch}\n        token = self._token` : `token = ${fetch}`;
  return `
class ${name}(DeclarativeAuthenticator):
    def __init__(self, config, parameters):
        self.config = config
        self._token = None

    def __call__(self, request):
        ${token}
        request.headers["Authorization"] = "Bearer " + token
        return request

    @property
    def auth_header(self):
        return ""

    @property
    def token(self):
        return ""
`;
}
