import assert from "node:assert/strict";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { PassThrough } from "node:stream";
import { after, before, describe, it } from "node:test";
import { parse } from "yaml";
import { main } from "../../../core/cli/main.js";
import { runCli } from "../../support/run-cli.js";
import { graphql, stripe } from "../probe/list-apis/cursor-apis.js";
import { markered, pageNumbered } from "../probe/list-apis/extra-apis.js";
import { initProbe } from "../probe/list-apis/index.js";
import { serveListApis, TOKEN } from "../probe/list-apis/list-api.js";

describe("sluice init --probe", () => {
  let dir: string;
  let server: Awaited<ReturnType<typeof serveListApis>>;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), "sluice-init-probe-"));
    server = await serveListApis([stripe, graphql, pageNumbered, markered]);
  });
  after(async () => {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });
  const url = (path: string) => `${server.origin}${path}`;

  it("asks for a credential in a terminal, writes it to secrets/config.json only, and never prints it", async () => {
    const stdin = new PassThrough();
    let stdout = "";
    let stderr = "";
    const io = { stdout: { write: (t: string) => (stdout += t) }, stderr: { write: (t: string) => (stderr += t) }, env: {}, cwd: dir, interactive: true, stdin };
    const running = main(["init", "asked", "--probe", url("/stripe/v1/customers?limit=10"), "--auth", "bearer"], io);
    stdin.write(`${TOKEN}\n`);
    assert.equal(await running, 0, stderr);
    assert.match(stderr, /API key \(not shown; or set SLUICE_API_KEY\): /);
    assert.deepEqual(JSON.parse(readFileSync(join(dir, "asked", "secrets/config.json"), "utf8")), { api_key: TOKEN });
    for (const file of ["manifest.yaml", "README.md"]) assert.ok(!readFileSync(join(dir, "asked", file), "utf8").includes(TOKEN), file);
    assert.ok(!stdout.includes(TOKEN) && !stderr.replace(/\n/g, "").includes(TOKEN));
    assert.match(stdout, /Confirmed by reading: 3 pages, 30 records, none repeated; the last id sent as \?starting_after=\./);
  });

  it("without a terminal, names the environment variable a missing credential comes from, and writes nothing", async () => {
    const { code, stderr } = await runCli(["init", "unasked", "--probe", url("/stripe/v1/customers"), "--auth", "bearer"], dir);
    assert.equal(code, 1);
    assert.match(stderr, /INIT_CREDENTIAL_MISSING/);
    assert.match(stderr, /SLUICE_API_KEY/);
    assert.ok(!existsSync(join(dir, "unasked")));
  });

  it("refuses a folder that is not empty before asking for a credential or sending a request", async () => {
    mkdirSync(join(dir, "taken"), { recursive: true });
    writeFileSync(join(dir, "taken", "notes.txt"), "mine");
    const before = server.requests.get(stripe.name) ?? 0;
    const { code, stderr } = await runCli(["init", "taken", "--probe", url("/stripe/v1/customers?limit=10"), "--auth", "bearer"], dir, { env: { SLUICE_ACCESS_TOKEN: TOKEN, SLUICE_API_TOKEN: TOKEN } });
    assert.equal(code, 1);
    assert.match(stderr, /INIT_TARGET_EXISTS/);
    assert.equal(server.requests.get(stripe.name) ?? 0, before, "a request was sent (a single-use token may have been spent) for a connector that could not be written");
  });

  it("a --probe value that is not a URL is refused without quoting it (it may hold a credential)", async () => {
    const { code, stderr } = await runCli(["init", "not-url", "--probe", "https://ada:pw-secret@api.example.com:99999/v1", "--auth", "none"], dir);
    assert.equal(code, 1);
    assert.match(stderr, /INIT_OPTION_INVALID/);
    assert.ok(!stderr.includes("pw-secret"), stderr);
  });

  it("refuses a credential in the URL without showing it", async () => {
    const { code, stderr } = await runCli(["init", "leaky", "--probe", url("/stripe/v1/customers?api_key=sk_live_secret"), "--auth", "none"], dir);
    assert.equal(code, 1);
    assert.match(stderr, /INIT_PROBE_URL_CREDENTIALS.*\n[\s\S]*the query parameter api_key \(value not shown\)/);
    assert.ok(!stderr.includes("sk_live_secret"));
    for (const name of ["hapikey", "appid", "appsecret", "usertoken", "appkey", "licensekey"]) {
      const sent = server.requests.get("stripe") ?? 0;
      const compound = await runCli(["init", "leaky", "--probe", url(`/stripe/v1/customers?${name}=sk_live_secret`), "--auth", "none"], dir);
      assert.match(compound.stderr, new RegExp(`INIT_PROBE_URL_CREDENTIALS[\\s\\S]*the query parameter ${name} \\(value not shown\\)`), name);
      assert.ok(!compound.stderr.includes("sk_live_secret"));
      assert.equal(server.requests.get("stripe") ?? 0, sent, `${name}: nothing was sent`);
    }
    const basic = await runCli(["init", "leaky", "--probe", url("/stripe/v1/customers").replace("http://", "http://ada:pw-secret@"), "--auth", "basic"], dir);
    assert.match(basic.stderr, /INIT_PROBE_URL_CREDENTIALS/);
    assert.ok(!basic.stderr.includes("pw-secret"));
  });

  it("probes a URL whose parameters only contain credential words in their names (author, country_code, keyword)", async () => {
    const before = server.requests.get(stripe.name) ?? 0;
    const { stderr } = await runCli(["init", "ordinary-names", "--probe", url("/stripe/v1/customers?limit=10&author=ana&country_code=FR&keyword=monkey"), "--auth", "bearer"], dir, { env: { SLUICE_API_KEY: TOKEN } });
    assert.doesNotMatch(stderr, /INIT_PROBE_URL_CREDENTIALS/);
    // Stripe itself answers 400 "Received unknown parameter: author": the probe asked, it was not refused.
    assert.ok((server.requests.get(stripe.name) ?? 0) > before, "the probe sent its request");
  });

  it("pages by number from page, per_page and total_pages, leaving the URL's page=1 to the paginator, and reads every record", async () => {
    const probed = await initProbe(pageNumbered, server.origin, dir);
    assert.equal(probed.code, 0, probed.stderr);
    assert.match(probed.stdout, /left out of the URL, the paginator sets it: page/);
    assert.match(probed.stdout, /pagination {3}page number: PageIncrement, sent as \?page=/);
    const manifest = parse(readFileSync(join(dir, "page-numbered", "manifest.yaml"), "utf8"));
    assert.equal(manifest.definitions.requester.request_parameters, undefined);
    const read = await runCli(["read", "--config", "secrets/config.json"], join(dir, "page-numbered"));
    const ids = read.stdout.split("\n").filter((l) => l.includes('"RECORD"')).map((l) => String(JSON.parse(l).record.data.id));
    assert.deepEqual(ids, pageNumbered.ids);
  });

  it("leaves a hand-written marker= the cursor paginator sets out of the URL (Detect proposed removing it) and reads every record", async () => {
    const probed = await initProbe(markered, server.origin, dir);
    assert.equal(probed.code, 0, probed.stderr);
    assert.match(probed.stdout, /left out of the URL, the paginator sets it: marker/);
    const manifest = parse(readFileSync(join(dir, "markered", "manifest.yaml"), "utf8"));
    assert.deepEqual(manifest.definitions.requester.request_parameters, { limit: "5" });
    const read = await runCli(["read", "--config", "secrets/config.json"], join(dir, "markered"));
    assert.equal(read.code, 0, read.stderr);
    const ids = read.stdout.split("\n").filter((l) => l.includes('"RECORD"')).map((l) => String(JSON.parse(l).record.data.id));
    assert.deepEqual(ids, markered.ids);
  });

  it("a GraphQL query without an after variable: the connector reads the first page, and the report says what to add", async () => {
    const withoutAfter = { ...graphql, probe: { ...graphql.probe, body: { query: 'query { repository(owner: "acme", name: "widgets") { issues(first: 10) { edges { node { id } } pageInfo { endCursor hasNextPage } } } }' } } };
    const probed = await initProbe(withoutAfter, server.origin, dir, "no-after");
    assert.equal(probed.code, 0, probed.stderr);
    assert.match(probed.stdout, /Could not decide:\n {2}- which query variable takes the end cursor: the request body's query has no `after: \$variable`/);
    assert.match(probed.stdout, /pagination {3}none\n/);
    const manifest = parse(readFileSync(join(dir, "no-after", "manifest.yaml"), "utf8"));
    assert.deepEqual(manifest.streams[0].retriever.paginator, { type: "NoPagination" });
  });

  it("refuses a --body that is not a JSON object", async () => {
    const { code, stderr } = await runCli(["init", "bad-body", "--probe", url("/graphql/graphql"), "--method", "POST", "--body", "{query"], dir, { env: { SLUICE_API_KEY: TOKEN } });
    assert.equal(code, 1);
    assert.match(stderr, /--body must be a JSON object/);
  });
});
