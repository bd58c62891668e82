/** A fenced block of a Markdown page. */
export interface DocBlock {
  lang: string;
  text: string;
}

/**
 * The fenced code blocks of a Markdown page, in order.
 *
 * @example
 * docBlocks("```sh\nsluice validate\n```") // [{ lang: "sh", text: "sluice validate\n" }]
 */
export function docBlocks(markdown: string): DocBlock[] {
  const blocks: DocBlock[] = [];
  for (const match of markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)) blocks.push({ lang: match[1]!, text: match[2]! });
  return blocks;
}

/** Output with what changes from run to run (timings, sizes, response bodies' dates) made comparable. */
export function normalizeOutput(text: string): string {
  return text.replace(/\(\d+(\.\d+)? k?B, [\d.]+ ms\)/g, "(SIZE, TIME)").replace(/[ \t]+$/gm, "");
}
