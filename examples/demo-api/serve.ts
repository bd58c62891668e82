/**
 * Runs the demo API in the foreground, for trying a connector by hand and for the manifest guide
 * (docs/manifest.md). It listens on loopback, on `--port` (default 4010; 0 picks a free port), prints
 * its URL, and runs until it is stopped (Ctrl-C) or, with `--for SECONDS`, that long.
 *
 * @example
 * node --import tsx examples/demo-api/serve.ts --port 4010
 * # demo API on http://127.0.0.1:4010 (X-Api-Key: demo-key-123)
 */
import { parseArgs } from "node:util";
import { DEMO_API_KEY } from "./routes/basic.js";
import { startDemoApi } from "./server.js";

const { values } = parseArgs({ options: { port: { type: "string", default: "4010" }, for: { type: "string" } } });
const api = await startDemoApi({ port: Number(values.port) });
process.stdout.write(`demo API on ${api.url} (X-Api-Key: ${DEMO_API_KEY})\n`);
const stop = () => void api.close().then(() => process.exit(0));
process.on("SIGINT", stop);
process.on("SIGTERM", stop);
if (values.for !== undefined) setTimeout(stop, Number(values.for) * 1000);
