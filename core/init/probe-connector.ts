import { parse } from "yaml";
import { SluiceError } from "../../sdk/index.js";
import { detectStream, type StreamDetection } from "../probe/detect-stream.js";
import type { PaginationKind } from "../probe/pagination-guess.js";
import type { Sluice } from "../sluice.js";
import type { AuthMethod } from "./auth-methods.js";
import { scaffoldConnector } from "./scaffold-connector.js";
import { hasUserInfo } from "./url-credentials.js";
import { isCredentialName } from "../../pure/credential-name.js";

/** What `sluice init NAME --probe URL` is asked for. */
interface ProbeOptions {
  name: string;
  /** The list endpoint's whole URL, its query included (`https://api.stripe.com/v1/customers?limit=10`). */
  url: string;
  auth: AuthMethod;
  /** The auth method's values (from the environment or typed): they go to `secrets/config.json` only. */
  credentials: Record<string, string>;
  method: "GET" | "POST";
  /** The JSON body of a POST (a GraphQL query and its variables, a search's filter). */
  body?: Record<string, unknown>;
  /** The folder the connector is created in (custom code and relative paths resolve from it). */
  searchFrom?: string;
}

/** A probed connector: its files, what the detection found, and the URL's page parameters left out. */
interface ProbedConnector {
  files: Record<string, string>;
  /** The stream's name in the written manifest. */
  stream: string;
  detection: StreamDetection;
  /** Query parameters of the URL that say which page to read (`page=1`): the paginator sets them now. */
  dropped: string[];
}

/** Parameters that say which page to read: the paginator sets them, so the probe URL's are left out. */
const PAGE_PARAMETERS = /^(page|offset|start|startAt|start_at|skip|cursor|after|starting_after|start_cursor|page_info|pageToken|page_token|\$skiptoken)$/i;

/** How each kind of evidence pages, for the manifest's comment and the README. */
const KIND_SUMMARIES: Record<PaginationKind, string> = {
  "link-header": 'Link header: follow rel="next"',
  "odata-next-link": "OData: follow @odata.nextLink",
  "graphql-page-info": "GraphQL connection: pageInfo.endCursor into the query's after variable while hasNextPage",
  "body-next-url": "next-page URL in the body: follow it until it is missing",
  cursor: "cursor in the body, sent back until it is empty",
  "last-id": "the last record's id as the cursor, while the has-more flag is true",
  offset: "offset and page size, with a total",
  page: "page number and page size, with a total",
};

/**
 * `sluice init --probe`: sends the list endpoint's request with the method's credentials, detects the
 * record path, primary key, page size and pagination from the answer, confirms the pagination by
 * reading a few pages ({@link detectStream}), and scaffolds the connector with what was found. A URL
 * holding a credential is refused: credentials come only from the auth method's inputs.
 *
 * @example
 * const { files, detection } = await probeConnector(createSluice(), { name: "stripe", url: "https://api.stripe.com/v1/customers?limit=10", auth: "bearer", credentials: { api_key }, method: "GET" });
 */
export async function probeConnector(sluice: Sluice, options: ProbeOptions): Promise<ProbedConnector> {
  const url = parseProbeUrl(options.url);
  const dropped = [...url.searchParams.keys()].filter((key) => PAGE_PARAMETERS.test(key));
  for (const key of dropped) url.searchParams.delete(key);
  const base = { name: options.name, auth: options.auth, pagination: "none" as const, url: `${url.origin}${url.search}`, path: url.pathname, request: { method: options.method, body: options.body }, testingValues: options.credentials };
  const text = scaffoldConnector(base)["manifest.yaml"]!;
  const detection = await detectStream(sluice, { text, manifest: parse(text) as Record<string, unknown>, stream: 0, config: options.credentials, searchFrom: options.searchFrom });
  const found = (field: string) => detection.changes.find((c) => c.field === field)?.value;
  const kind = detection.proposal.pagination?.kind;
  const paginator = found("paginator") as Record<string, unknown> | undefined;
  const stream = probedStreamName(url, found("record path") as string[] | undefined);
  // A query parameter the paginator sets that the pattern above did not name: Detect proposed removing it.
  for (const change of detection.changes) {
    if (change.field !== "request parameter" || !change.segments.includes("request_parameters")) continue;
    url.searchParams.delete(String(change.segments.at(-1)));
    dropped.push(String(change.segments.at(-1)));
  }
  const files = scaffoldConnector({
    ...base,
    url: `${url.origin}${url.search}`,
    streamName: stream,
    // A token the API rotated during the reads is the one to keep.
    testingValues: Object.fromEntries(Object.keys(options.credentials).map((key) => [key, String(detection.config[key] ?? options.credentials[key])])),
    detected: {
      paginator: paginator ?? { type: "NoPagination" },
      recordsPath: (found("record path") as string[] | undefined) ?? [],
      primaryKey: found("primary key") as string | undefined,
      summary: paginator && kind ? `${KIND_SUMMARIES[kind]} (detected by sluice init --probe)` : "none detected by sluice init --probe (see its report)",
    },
  });
  return { files, stream, detection, dropped };
}

/** Names of record arrays and endpoints that say nothing of what is listed. */
const GENERIC = /^(data|results|records|items|value|values|entries|elements|edges|nodes|node|list|rows|hits|objects|query|search|graphql|api|v\d+(\.\d+)?|\*)$/i;

/**
 * The stream's name: the record array's own name when it says what is listed (Jira's `issues`,
 * Slack's `members`, a GraphQL connection's `issues`), else a SOQL query's object (`q=SELECT ... FROM
 * Account`), else the path's last segment that does (`/v1/customers` -> customers, `/api/users.list`
 * -> users), else `items`.
 *
 * @example
 * probedStreamName(new URL("https://x.atlassian.net/rest/api/3/search"), ["issues"]) // "issues"
 * probedStreamName(new URL("https://api.notion.com/v1/databases/d98.../query"), ["results"]) // "databases"
 */
function probedStreamName(url: URL, recordPath: readonly string[] | undefined): string {
  const soql = /\bfrom\s+(\w+)/i.exec(url.searchParams.get("q") ?? "")?.[1];
  const segments = url.pathname.split("/").filter(Boolean).map((s) => s.replace(/\.(json|xml)$/i, "").replace(/\.list$/i, ""));
  const candidates = [...(recordPath ?? [])].reverse().concat(soql ? [soql.toLowerCase()] : [], [...segments].reverse());
  const name = candidates.find((s) => !GENERIC.test(s) && /[a-z]/i.test(s) && !/\d{3,}|^[0-9a-f-]{16,}$/i.test(s));
  return name?.replace(/[^\w]+/g, "_") || "items";
}

/**
 * The probe URL, parsed; one holding a credential is refused, naming where (never the value). The CLI
 * checks it before asking for the credentials.
 *
 * @example
 * parseProbeUrl("https://api.acme.com/v1/items?api_key=k"); // throws INIT_PROBE_URL_CREDENTIALS
 */
export function parseProbeUrl(text: string): URL {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    url = new URL("invalid:");
  }
  if (!/^https?:$/.test(url.protocol)) {
    throw new SluiceError("INIT_OPTION_INVALID", "--probe needs the list endpoint's whole URL", { failureType: "config_error", expected: "an http:// or https:// URL, e.g. https://api.stripe.com/v1/customers?limit=10", found: url.protocol === "invalid:" ? "text that is not a URL (not shown: it may hold a credential)" : `a ${url.protocol} URL` });
  }
  const credential = [...url.searchParams.keys()].find((key) => isCredentialName(key) && !PAGE_PARAMETERS.test(key));
  if (hasUserInfo(text) || credential !== undefined) {
    throw new SluiceError("INIT_PROBE_URL_CREDENTIALS", "The --probe URL holds a credential", {
      failureType: "config_error",
      expected: "a URL without credentials, and --auth with its value in the environment or typed when asked",
      found: credential !== undefined ? `the query parameter ${credential} (value not shown)` : "user:password@ (not shown)",
    });
  }
  return url;
}
