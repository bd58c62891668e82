/**
 * Test helpers for Python components: a temp connector folder holding a `components.py` written as a
 * kit author writes one, and a read of its manifest through the real engine.
 */
import { after, before } from "node:test";
import { createSluice, type SluiceOptions } from "../../../core/index.js";
import { startLoopback, type Loopback } from "../../support/loopback.js";
import { tempConnector, type TempConnector } from "../../core/loader/temp-connector.js";
import { oneStreamManifest } from "../../support/manifest-builder.js";

/** A connector folder with `components.py` (and any other files). */
export async function pythonConnector(components: string, files: Record<string, string> = {}): Promise<TempConnector> {
  return tempConnector({ "components.py": components, ...files }, "sluice-python-");
}

/** Reads every record of `stream` from a manifest whose custom classes live in `dir`. */
export async function readPython(
  dir: string,
  manifest: Record<string, unknown>,
  options: { config?: Record<string, unknown>; stream?: string; sluice?: SluiceOptions } = {},
): Promise<{ records: Record<string, unknown>[]; error?: unknown }> {
  const sluice = createSluice({ logLevel: "error", ...options.sluice });
  const records: Record<string, unknown>[] = [];
  try {
    const connector = await sluice.connect({ manifest, searchFrom: dir, config: options.config ?? {} });
    for await (const record of connector.read(options.stream ?? "items")) records.push(record);
  } catch (error) {
    return { records, error };
  }
  return { records };
}

/** A one-stream manifest (`items` at `url`) whose extractor is `source_declarative_manifest.components.<className>`. */
export function withPythonExtractor(url: string, className: string): Record<string, unknown> {
  const manifest = oneStreamManifest({ urlBase: url });
  (manifest.streams as Record<string, any>[])[0]!.retriever.record_selector.extractor = { type: "CustomRecordExtractor", class_name: `source_declarative_manifest.components.${className}` };
  return manifest;
}

/**
 * For the tests of a `describe`: a connector folder holding `components` and a loopback API answering
 * with `handle`, made before the first test and removed after the last (read them inside the tests).
 */
export function usePythonApi(components: string, handle: Parameters<typeof startLoopback>[0]): { readonly api: Loopback; readonly dir: TempConnector } {
  const made = {} as { api: Loopback; dir: TempConnector };
  before(async () => {
    made.dir = await pythonConnector(components);
    made.api = await startLoopback(handle);
  });
  after(async () => {
    await made.api?.close();
    await made.dir?.remove();
  });
  return made;
}
