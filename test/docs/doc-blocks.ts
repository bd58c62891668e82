import { parseDocTestMarker, type DocTestMarker } from "./doc-test-marker.js";

/** A fenced block of a Markdown page, with where it is and the `docs-test` marker before it. */
export interface DocBlock {
  /** The page, relative to the repository root (`docs/manifest.md`). */
  file: string;
  /** The line of the opening fence (1-based). */
  line: number;
  /** The info string's first word (`sh`, `yaml`, `ts`...), "" when the fence has none. */
  lang: string;
  /** The block's content, its list indentation removed, ending in a newline. */
  text: string;
  /** The `<!-- docs-test: ... -->` comment on the last non-blank line before the fence, parsed. */
  marker: DocTestMarker;
}

/**
 * The fenced code blocks of a Markdown page, in order: backtick or tilde fences, also indented inside
 * a list item (the content loses the fence's indentation).
 *
 * @example
 * docBlocks("```sh\nsluice validate\n```", "docs/x.md") // [{ file: "docs/x.md", line: 1, lang: "sh", text: "sluice validate\n", marker: {} }]
 */
export function docBlocks(markdown: string, file: string): DocBlock[] {
  const lines = markdown.split("\n");
  const blocks: DocBlock[] = [];
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)(`{3,}|~{3,})\s*([^\s`]*)/.exec(lines[i]!);
    if (!open) continue;
    const [, indent, fence, lang] = open as unknown as [string, string, string, string];
    const body: string[] = [];
    let close = i + 1;
    for (; close < lines.length; close++) {
      const candidate = lines[close]!;
      if (candidate.trim().startsWith(fence) && /^\s*(`{3,}|~{3,})\s*$/.test(candidate) && candidate.trim().length >= fence.length) break;
      body.push(candidate.startsWith(indent) ? candidate.slice(indent.length) : candidate.trimStart());
    }
    if (close === lines.length) throw new Error(`${file}:${i + 1}: a fenced block is never closed`);
    let before = i - 1;
    while (before >= 0 && lines[before]!.trim() === "") before--;
    const marker = parseDocTestMarker(before >= 0 ? lines[before]!.trim() : "", `${file}:${before + 1}`);
    blocks.push({ file, line: i + 1, lang: lang.toLowerCase(), text: body.length ? `${body.join("\n")}\n` : "", marker });
    i = close;
  }
  return blocks;
}

/**
 * Output with what changes from run to run made comparable: a response's size and time, a run's
 * duration, trailing spaces.
 *
 * @example
 * normalizeOutput("← 200 (2.2 kB, 45.1 ms)\nDone: 2 streams in 0.56 s.") // "← 200 (SIZE, TIME)\nDone: 2 streams in TIME s."
 */
export function normalizeOutput(text: string): string {
  return text
    .replace(/\(\d+(\.\d+)? k?B, [\d.]+ ms\)/g, "(SIZE, TIME)")
    .replace(/ in \d+(\.\d+)? s\b/g, " in TIME s")
    .replace(/[ \t]+$/gm, "");
}
