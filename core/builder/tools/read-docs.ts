import { readdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { SluiceError, Type } from "../../../sdk/index.js";
import { nearestMatch } from "../../../pure/nearest-match.js";
import { packageRoot } from "../../package-root.js";
import { defineMcpTool } from "./mcp-tool.js";

/** The most characters of a page returned at once. */
const PAGE_CHARS = 60_000;

/** `read_docs`: Sluice's documentation pages, shipped in the package. */
export const readDocs = defineMcpTool({
  name: "read_docs",
  description:
    "Reads Sluice's documentation. Without a topic, lists the topics (manifest, authentication, pagination, incremental, partitions, transformations, error-handling, interpolation, compatibility, ...) with each page's title. " +
    "With a topic, returns that page in Markdown (long pages in parts: pass offset to go on).",
  input: Type.Object({
    topic: Type.Optional(Type.String({ description: "a topic from the list, e.g. pagination" })),
    offset: Type.Optional(Type.Integer({ minimum: 0, description: "where to go on in a long page (the previous answer's next_offset)" })),
  }),
  async run(input) {
    const dir = join(packageRoot(), "docs");
    const topics = (await readdir(dir)).filter((f) => f.endsWith(".md")).map((f) => f.slice(0, -3)).sort();
    if (!input.topic) {
      const titles = await Promise.all(topics.map(async (t) => [t, ((await readFile(join(dir, `${t}.md`), "utf8")).match(/^#\s+(.+)$/m)?.[1] ?? t).trim()]));
      return { topics: Object.fromEntries(titles) };
    }
    if (!topics.includes(input.topic)) {
      const near = nearestMatch(input.topic, topics);
      throw new SluiceError("MCP_TOOL_INPUT_INVALID", `No documentation topic '${input.topic}'${near ? ` (did you mean '${near}'?)` : ""}`, {
        failureType: "config_error",
        expected: `one of: ${topics.join(", ")}`,
        found: input.topic,
      });
    }
    const text = await readFile(join(dir, `${input.topic}.md`), "utf8");
    const offset = input.offset ?? 0;
    const part = text.slice(offset, offset + PAGE_CHARS);
    return { topic: input.topic, text: part, ...(offset + PAGE_CHARS < text.length ? { next_offset: offset + PAGE_CHARS } : {}) };
  },
});
