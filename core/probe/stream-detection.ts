import type { ConnectorConfig } from "../../sdk/services/config-store.js";
import type { Confirmation } from "./confirm-paginator.js";
import type { StreamProposal } from "./stream-proposal.js";

/** One field the detection would write: where (the resolved path and the written place), what is there, what comes, and why. */
export interface DetectedChange {
  /** `request parameter`: a hand-written parameter the paginator sets, removed (`value` undefined). */
  field: "record path" | "primary key" | "paginator" | "request parameter";
  /** The resolved manifest's path: `streams[0].retriever.paginator`. */
  path: string;
  /** The written place (behind a `$ref`, in `$parameters`), as the Builder's YAML model addresses it. */
  segments: Array<string | number>;
  old: unknown;
  /** Undefined: the key is removed. */
  value: unknown;
  evidence: string;
}

/**
 * What `detectStream` (core/probe/detect-stream.ts) found: the proposal, the changes it makes, and what
 * it could not decide. Types only, so the Builder's page reads the same declaration.
 *
 * @example
 * { stream: "customers", request: { method: "GET", url: "https://api.example.com/customers", status: 200 },
 *   changes: [{ field: "record path", path: "streams[0].retriever.record_selector.extractor.field_path", ... }], rejected: [], undecided: [] }
 */
export interface StreamDetection {
  stream: string;
  /** The config after the reads (a rotated token included): what `sluice init --probe` saves. Never sent to the page. */
  config: ConnectorConfig;
  /** The probe request and the status it got. */
  request: { method: string; url: string; status: number };
  proposal: StreamProposal;
  changes: DetectedChange[];
  /** How the chosen paginator was confirmed by reading. */
  confirmation?: Confirmation;
  /** Paginators tried and turned down, each with why. */
  rejected: string[];
  undecided: string[];
}
