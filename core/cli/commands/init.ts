import { join, relative, resolve } from "node:path";
import { SluiceError } from "../../../sdk/index.js";
import type { CliCommand, CliIO } from "../command.js";
import { CliSession } from "../cli-session.js";
import { Ask } from "../../init/ask.js";
import { AUTH_METHODS, authScaffold, type AuthMethod } from "../../init/auth-methods.js";
import { PAGINATION_METHODS, paginationScaffold, type PaginationMethod } from "../../init/pagination-methods.js";
import { scaffoldConnector, type ScaffoldOptions } from "../../init/scaffold-connector.js";
import { hasUserInfo } from "../../init/url-credentials.js";
import { writeConnector } from "../../init/write-connector.js";
import { manifestJsonSchema } from "../../manifest/manifest-json-schema.js";

const DEFAULT_URL = "https://api.example.com/v1";

/**
 * `sluice init NAME`: scaffolds a connector folder with the chosen authentication and pagination
 * (asked in a terminal, or given as flags), a spec that requires exactly the method's credentials,
 * `secrets/config.json` for testing values, a `.gitignore` for `secrets/`, a README, and the editor
 * schema `manifest.schema.json`.
 *
 * @example
 * sluice init acme --auth bearer --pagination cursor --url https://api.acme.com/v1 --path /customers
 */
export const command: CliCommand = {
  usage: `sluice init NAME [--auth ${AUTH_METHODS.join("|")}] [--pagination ${PAGINATION_METHODS.join("|")}] [--url URL] [--path /items]`,
  options: {
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
      const options = await chooseOptions(name, args.values, io);
      const folder = resolve(io.cwd, name);
      const files = scaffoldConnector(options);
      files["manifest.schema.json"] = `${JSON.stringify(manifestJsonSchema(session.sluice.registry), null, 2)}\n`;
      const written = await writeConnector(folder, files);
      const shown = relative(io.cwd, folder) || ".";
      io.stdout.write(
        [
          `Created ${shown}/ (${options.auth} authentication, ${options.pagination} pagination):`,
          ...written.map((file) => `  ${join(shown, file)}`),
          "",
          "Next:",
          `  1. put your testing values in ${join(shown, "secrets/config.json")}`,
          `  2. cd ${shown} && sluice test-read --config secrets/config.json --stream ${firstStream(options)}`,
          `  3. record a regression test: sluice test-read --config secrets/config.json --stream ${firstStream(options)} --record fixtures`,
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

function firstStream(options: ScaffoldOptions): string {
  return (options.path ?? "/items").split("/").filter(Boolean).at(-1)?.replace(/[^\w]+/g, "_") || "items";
}
