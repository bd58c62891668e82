import { styleText } from "node:util";
import type { TestReadDocument, TestReadExchange, TestReadPage, TestReadRequest, TestReadResponse } from "./test-read-document.js";
import { countNoun } from "../../pure/count-noun.js";

/** How the human view is drawn. */
interface FormatOptions {
  /** ANSI colours (a terminal that wants them). */
  color: boolean;
  /** Characters of a body shown (default 300). */
  bodyChars?: number;
  /** Records shown per page (default 3). */
  recordsPerPage?: number;
}

/** Response headers worth a connector author's attention; the rest (date, connection...) is noise here. */
const HEADERS_THAT_MATTER = /^(content-type|link|location|retry-after|www-authenticate|set-cookie|x-total-count|x-request-id|x-next-cursor|(x-)?rate-?limit.*|x-ratelimit.*)$/i;

type Style = Parameters<typeof styleText>[0];

/**
 * The human view of a test read: per stream, per slice, per page the request (method, URL, headers,
 * body), the response (status, size, time, the headers that matter, the body cut short), the first
 * records, and the pagination decision; auxiliary requests (token refresh, login) above the page they
 * preceded. Coloured when `color` is set.
 *
 * @example
 * process.stdout.write(formatTestRead(document, { color: process.stdout.isTTY }));
 */
export function formatTestRead(document: TestReadDocument, options: FormatOptions): string {
  // The caller decides (a terminal, NO_COLOR, FORCE_COLOR): styleText must not check process.stdout itself.
  const paint = (style: Style, text: string) => (options.color ? styleText(style, text, { validateStream: false }) : text);
  const bodyChars = options.bodyChars ?? 300;
  const perPage = options.recordsPerPage ?? 3;
  const out: string[] = [];

  const request = (req: TestReadRequest, indent: string) => {
    out.push(`${indent}${paint("cyan", "→")} ${paint("bold", req.method)} ${req.url}`);
    for (const [name, value] of Object.entries(req.headers)) out.push(`${indent}    ${paint("dim", `${name}: ${value}`)}`);
    if (req.body !== null) out.push(`${indent}    ${paint("dim", cut(req.body, bodyChars))}`);
  };
  const response = (res: TestReadResponse | null, ms: number | undefined, error: string | undefined, indent: string) => {
    if (!res) {
      out.push(`${indent}${paint("red", "←")} ${paint("red", error ?? "no response")}`);
      return;
    }
    const ok = res.status >= 200 && res.status < 300;
    const timing = ms === undefined ? "" : `, ${ms} ms`;
    out.push(`${indent}${paint(ok ? "green" : "red", "←")} ${paint(ok ? "green" : "red", String(res.status))} ${paint("dim", `(${formatBytes(res.bytes)}${timing})`)}`);
    for (const [name, value] of Object.entries(res.headers)) if (HEADERS_THAT_MATTER.test(name)) out.push(`${indent}    ${paint("dim", `${name}: ${value}`)}`);
    if (res.body) out.push(`${indent}    ${cut(res.body, bodyChars)}${res.bytes > bodyChars ? paint("dim", ` (${formatBytes(res.bytes)} in all)`) : ""}`);
  };
  const auxiliary = (x: TestReadExchange, indent: string) => {
    out.push(`${indent}${paint("magenta", `[${x.purpose}${x.attempt > 1 ? `, attempt ${x.attempt}` : ""}]`)}`);
    request(x.request, indent);
    response(x.response, x.ms, x.error, indent);
  };
  const page = (p: TestReadPage, n: number, indent: string) => {
    out.push(`${indent}${paint("bold", `Page ${n}`)}`);
    for (const x of p.auxiliary_requests) auxiliary(x, `${indent}  `);
    if (p.request) request(p.request, `${indent}  `);
    if (p.request) response(p.response, p.ms, undefined, `${indent}  `);
    out.push(`${indent}  ${paint("yellow", `${p.records.length} record${p.records.length === 1 ? "" : "s"}`)}`);
    for (const record of p.records.slice(0, perPage)) out.push(`${indent}    ${cut(JSON.stringify(record), 160)}`);
    if (p.records.length > perPage) out.push(`${indent}    ${paint("dim", `… ${p.records.length - perPage} more`)}`);
    if (p.next_page_token !== null) out.push(`${indent}  ${paint("cyan", "next page token:")} ${JSON.stringify(p.next_page_token)}`);
    if (p.stop_reason !== null) out.push(`${indent}  ${paint("cyan", "stopped:")} ${p.stop_reason}`);
  };

  for (const stream of document.streams) {
    out.push(paint("bold", `Stream ${stream.name}`));
    const sliced = stream.slices.length > 1 || stream.slices.some((s) => Object.keys(s.slice).length > 0);
    for (const slice of stream.slices) {
      const indent = sliced ? "    " : "  ";
      if (sliced) out.push(`  ${paint("blue", `Slice ${JSON.stringify(slice.slice)}`)}`);
      slice.pages.forEach((p, i) => page(p, i + 1, indent));
    }
    const pages = stream.slices.reduce((sum, s) => sum + s.pages.length, 0);
    out.push(`  ${paint(stream.error ? "red" : "green", `${countNoun(stream.records, "record")} in ${countNoun(pages, "page")}${sliced ? ` of ${countNoun(stream.slices.length, "slice")}` : ""}${stream.estimate !== undefined ? ` (the API announces ~${stream.estimate} in all)` : ""}${stream.error ? ", then the read failed:" : ""}`)}`);
    if (stream.error) for (const line of stream.error.split("\n")) out.push(`  ${paint("red", line)}`);
    if (stream.inferred_schema !== undefined) {
      out.push(`  ${paint("bold", `Detected schema of ${stream.name}`)}${stream.inferred_schema === null ? paint("dim", ": no records to detect it from") : ""}`);
      if (stream.inferred_schema) for (const line of JSON.stringify(stream.inferred_schema, null, 2).split("\n")) out.push(`  ${line}`);
    }
    out.push("");
  }
  for (const warning of document.warnings) out.push(`${paint("yellow", "warning:")} ${warning}`);
  return `${out.join("\n")}\n`;
}

function cut(text: string, max: number): string {
  const flat = text.replace(/\s*\n\s*/g, " ");
  return flat.length > max ? `${flat.slice(0, max)}…` : flat;
}

function formatBytes(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}
