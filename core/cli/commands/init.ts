import { join, relative, resolve } from "node:path";
import { SluiceError } from "../../../sdk/index.js";
import type { CliCommand, CliIO } from "../command.js";
import { CliSession } from "../cli-session.js";
import { Ask } from "../../init/ask.js";
import { AUTH_METHODS, authScaffold, type AuthMethod } from "../../init/auth-methods.js";
import { PAGINATION_METHODS, paginationScaffold, type PaginationMethod } from "../../init/pagination-methods.js";
import { credentialInputs } from "../../init/credential-inputs.js";
import { formatProbeReport } from "../../init/format-probe-report.js";
import { parseProbeUrl, probeConnector } from "../../init/probe-connector.js";
import { scaffoldConnector, streamName, type ScaffoldOptions } from "../../init/scaffold-connector.js";
import { hasUserInfo } from "../../init/url-credentials.js";
import { assertNewFolder, writeConnector } from "../../init/write-connector.js";
import { manifestJsonSchema } from "../../manifest/manifest-json-schema.js";
import { initFromOpenApi } from "../../init/openapi/init-from-openapi.js";
import { isJsonObject } from "../../../pure/json-object.js";

const DEFAULT_URL = "https://api.example.com/v1";

/**
 * `sluice init NAME`: scaffolds a connector folder with the chosen authentication and pagination
 * (asked in a terminal, or given as flags), a spec that requires exactly the method's credentials,
 * `secrets/config.json` for testing values, a `.gitignore` for `secrets/`, a README, and the editor
 * schema `manifest.schema.json`.
 *
 * With `--probe URL` it sends that list request instead (credentials from `SLUICE_<FIELD>` environment
 * variables or typed when asked), detects the records, primary key, page size and pagination from the
 * answer, confirms the pagination by reading a few pages, and prints the evidence of each guess.
 *
 * @example
 * sluice init acme --auth bearer --pagination cursor --url https://api.acme.com/v1 --path /customers
 * SLUICE_API_KEY=sk_test_... sluice init stripe --probe "https://api.stripe.com/v1/customers?limit=10" --auth bearer
 */
export const command: CliCommand = {
  usage: [
    `sluice init NAME [--auth ${AUTH_METHODS.join("|")}] [--pagination ${PAGINATION_METHODS.join("|")}] [--url URL] [--path /items]`,
    `       sluice init NAME --probe URL [--auth METHOD] [--method GET|POST --body JSON]`,
    `       sluice init NAME --openapi FILE_OR_URL [--url BASE] [--auth METHOD] [--streams a,b] [--probe BASE_URL]`,
  ].join("\n"),
  options: {
    probe: { type: "string", value: "URL", description: "send this list request and detect records, primary key and pagination from its answer (credentials from SLUICE_<FIELD> variables or typed); with --openapi, the base URL to read each stream at to confirm its pagination" },
    openapi: { type: "string", value: "FILE_OR_URL", description: "generate the connector from an OpenAPI 3.0/3.1 or Swagger 2.0 document: one stream per list endpoint, each guess printed with its evidence" },
    streams: { type: "string", value: "A,B", description: "with --openapi: the streams to keep (default every list endpoint)" },
    method: { type: "string", value: "METHOD", choices: ["GET", "POST"], description: "the probe request's method (default GET)" },
    body: { type: "string", value: "JSON", description: "the probe request's JSON body (a GraphQL query and its variables)" },
    auth: { type: "string", value: "METHOD", description: `the authentication to scaffold (${AUTH_METHODS.join(", ")})` },
    pagination: { type: "string", value: "METHOD", description: `the pagination to scaffold (${PAGINATION_METHODS.join(", ")})` },
    url: { type: "string", value: "URL", description: "the API's base URL (url_base)" },
    path: { type: "string", value: "PATH", description: "the first stream's path, e.g. /items" },
  },
  allowPositionals: true,
  async run(args, io) {
    const session = new CliSession(args, io);
    try {
      const [name, ...extra] = args.positionals;
      if (!name || extra.length > 0 || !/^[\w.-]+$/.test(name)) {
        throw new SluiceError("INIT_NAME_INVALID", "sluice init needs one connector name", {
          failureType: "config_error",
          expected: "a name of letters, digits, '-', '_' or '.' (the folder to create), e.g. sluice init acme",
          found: args.positionals.length ? args.positionals.join(" ") : "no name",
        });
      }
      if (typeof args.values.openapi === "string") return await fromOpenApi(name, args.values, io, session);
      if (typeof args.values.probe === "string") return await probe(name, args.values, io, session);
      const options = await chooseOptions(name, args.values, io);
      const folder = resolve(io.cwd, name);
      const files = scaffoldConnector(options);
      files["manifest.schema.json"] = `${JSON.stringify(manifestJsonSchema(session.sluice.registry), null, 2)}\n`;
      const written = await writeConnector(folder, files);
      const shown = relative(io.cwd, folder) || ".";
      const stream = streamName(options.path ?? "/items");
      io.stdout.write(
        [
          `Created ${shown}/ (${options.auth} authentication, ${options.pagination} pagination):`,
          ...written.map((file) => `  ${join(shown, file)}`),
          "",
          "Next:",
          `  1. put your testing values in ${join(shown, "secrets/config.json")}`,
          `  2. cd ${shown} && sluice test-read --config secrets/config.json --stream ${stream}`,
          `  3. record a regression test: sluice test-read --config secrets/config.json --stream ${stream} --record fixtures`,
          "",
        ].join("\n"),
      );
      return 0;
    } catch (error) {
      // init speaks to a person, not to the Airbyte platform: a plain message on stderr, no TRACE on stdout.
      const text = session.redact(error instanceof SluiceError ? error.describe() : error instanceof Error ? error.message : String(error));
      io.stderr.write(`sluice init: ${text}\n`);
      return 1;
    }
  },
};

/** `init NAME --openapi FILE_OR_URL`: generates the connector from the document and prints every guess with its evidence. */
async function fromOpenApi(name: string, values: Record<string, unknown>, io: CliIO, session: CliSession): Promise<number> {
  const folder = resolve(io.cwd, name);
  assertNewFolder(folder);
  const streams = typeof values.streams === "string" ? values.streams.split(",").map((s) => s.trim()).filter(Boolean) : undefined;
  const probeUrl = typeof values.probe === "string" ? withScheme(values.probe) : undefined;
  const url = typeof values.url === "string" ? withScheme(values.url) : undefined;
  const generated = await initFromOpenApi(session.sluice, { name, source: String(values.openapi), cwd: io.cwd, env: io.env, url, auth: checked("auth", values.auth, AUTH_METHODS), streams, probe: probeUrl });
  generated.files["manifest.schema.json"] = `${JSON.stringify(manifestJsonSchema(session.sluice.registry), null, 2)}\n`;
  const written = await writeConnector(folder, generated.files);
  const shown = relative(io.cwd, folder) || ".";
  io.stdout.write(
    [
      session.redact(generated.report.join("\n")),
      "",
      `Created ${shown}/ (${generated.streams.length} stream${generated.streams.length === 1 ? "" : "s"}):`,
      ...written.map((file) => `  ${join(shown, file)}`),
      "",
      "Next:",
      `  1. fill in ${join(shown, "secrets/config.json")}`,
      `  2. cd ${shown} && sluice test-read --config secrets/config.json --stream ${generated.streams[0]!.name}`,
      "",
    ].join("\n"),
  );
  return 0;
}

/** `init NAME --probe URL`: asks for the credentials, probes, writes the folder and prints the evidence. */
async function probe(name: string, values: Record<string, unknown>, io: CliIO, session: CliSession): Promise<number> {
  const auth = checked("auth", values.auth, AUTH_METHODS) ?? "none";
  const method = values.method === "POST" ? "POST" : "GET";
  const body = typeof values.body === "string" ? jsonBody(values.body) : undefined;
  parseProbeUrl(String(values.probe));
  const folder = resolve(io.cwd, name);
  assertNewFolder(folder); // before a credential is asked for or a (single-use) token spent
  const interactive = io.interactive && io.stdin ? new Ask(io.stdin, io.stderr) : undefined;
  let credentials: Record<string, string>;
  try {
    credentials = await credentialInputs(authScaffold(auth, "").fields, io.env, interactive);
  } finally {
    interactive?.close();
  }
  io.stderr.write(`Probing ${method} ${String(values.probe)}: the first page, then a few pages with each paginator that fits...\n`);
  const probed = await probeConnector(session.sluice, { name, url: String(values.probe), auth, credentials, method, body, searchFrom: io.cwd });
  probed.files["manifest.schema.json"] = `${JSON.stringify(manifestJsonSchema(session.sluice.registry), null, 2)}\n`;
  const written = await writeConnector(folder, probed.files);
  const shown = relative(io.cwd, folder) || ".";
  const stream = probed.stream;
  io.stdout.write(
    [
      session.redact(formatProbeReport(probed.detection, probed.dropped)),
      `Created ${shown}/ (${auth} authentication; the testing values are in ${join(shown, "secrets/config.json")}):`,
      ...written.map((file) => `  ${join(shown, file)}`),
      "",
      "Next:",
      `  1. cd ${shown} && sluice read --config secrets/config.json   (every record)`,
      `  2. look at a few pages: sluice test-read --config secrets/config.json --stream ${stream}`,
      `  3. record a regression test: sluice test-read --config secrets/config.json --stream ${stream} --record fixtures`,
      "",
    ].join("\n"),
  );
  return 0;
}

function jsonBody(text: string): Record<string, unknown> {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    value = undefined;
  }
  if (isJsonObject(value)) return value;
  throw new SluiceError("INIT_OPTION_INVALID", "--body must be a JSON object", { failureType: "config_error", expected: 'a JSON object, e.g. \'{"query": "...", "variables": {}}\'', found: text.length > 60 ? `${text.slice(0, 60)}...` : text });
}

/** The flags, and in a terminal the answers to what the flags leave open; a wrong flag is an error naming the choices. */
async function chooseOptions(name: string, values: Record<string, unknown>, io: CliIO): Promise<ScaffoldOptions> {
  const auth = checked("auth", values.auth, AUTH_METHODS);
  const pagination = checked("pagination", values.pagination, PAGINATION_METHODS);
  const url = typeof values.url === "string" ? withScheme(values.url) : undefined;
  const path = typeof values.path === "string" ? values.path : undefined;
  if (!io.interactive || !io.stdin || (auth && pagination && url)) {
    return { name, auth: auth ?? (url && hasUserInfo(url) ? "basic" : "bearer"), pagination: pagination ?? "offset", url: url ?? DEFAULT_URL, path };
  }
  const ask = new Ask(io.stdin, io.stdout);
  try {
    return {
      name,
      auth: auth ?? (await ask.choose<AuthMethod>("Authentication", AUTH_METHODS.map((value) => ({ value, label: authScaffold(value, "").summary })))),
      pagination: pagination ?? (await ask.choose<PaginationMethod>("Pagination", PAGINATION_METHODS.map((value) => ({ value, label: paginationScaffold(value).summary })))),
      url: url ?? withScheme(await ask.text("The API's base URL", DEFAULT_URL)),
      path: path ?? (await ask.text("The first stream's path", "/items")),
    };
  } finally {
    ask.close();
  }
}

function checked<T extends string>(flag: string, value: unknown, allowed: readonly T[]): T | undefined {
  if (value === undefined) return undefined;
  if (allowed.includes(value as T)) return value as T;
  throw new SluiceError("INIT_OPTION_INVALID", `--${flag} must be one of ${allowed.join(", ")}`, { failureType: "config_error", expected: allowed.join(" | "), found: String(value) });
}

/** A base URL must name its scheme: `127.0.0.1:4106` is read as the scheme `127.0.0.1` and fails at the first request. */
function withScheme(url: string): string {
  if (/^https?:\/\//i.test(url)) return url;
  throw new SluiceError("INIT_OPTION_INVALID", `--url ${JSON.stringify(url)} has no scheme`, {
    failureType: "config_error",
    expected: `http:// or https:// before the host, e.g. https://${url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")}`,
    found: JSON.stringify(url),
  });
}
