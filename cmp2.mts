import { readFileSync, readdirSync } from "node:fs";
import { parseDocument, isMap, isSeq, isScalar, isPair, isNode, LineCounter } from "yaml";
import { BlockDocuments } from "./builder-ui/model/block-documents.ts";
const dir = "/work/shared/corpus/airbyte-manifests";
function cmp(a: any, b: any, path: string, out: string[]) {
  if (out.length > 3) return;
  if (isPair(a)) { cmp(a.key, b.key, path + ".key", out); cmp(a.value, b.value, path + ".value", out); return; }
  if (!isNode(a) || !isNode(b)) { if (a !== b && !(a == null && b == null)) out.push(`${path}: ${a} vs ${b}`); return; }
  if (a.constructor !== b.constructor) { out.push(`${path}: type`); return; }
  if (JSON.stringify(a.range) !== JSON.stringify(b.range)) out.push(`${path}: range ${a.range} vs ${b.range}`);
  if (isScalar(a) && (a.value !== b.value || a.type !== b.type)) out.push(`${path}: value`);
  if (a.comment !== b.comment || a.commentBefore !== b.commentBefore) { /* comments may move to doc level */ }
  if (isMap(a) || isSeq(a)) { if (a.items.length !== (b as any).items.length) out.push(`${path}: length`); a.items.forEach((x: any, i: number) => cmp(x, (b as any).items[i], `${path}[${i}]`, out)); }
}
let same = 0, blocks = 0, bad = 0;
const t0 = performance.now();
for (const name of readdirSync(dir).filter((n) => /\.ya?ml$/.test(n))) {
  const text = readFileSync(`${dir}/${name}`, "utf8");
  const cache = new BlockDocuments();
  const variants = [text, text.replace(/\n(  \w+:)/, "\n  # a comment\n$1"), text.replace(/\n(\w+:)/, "\n# top\n$1"), text];
  for (const [vi, t] of variants.entries()) {
    const whole = parseDocument(t, { uniqueKeys: false, keepSourceTokens: false, lineCounter: new LineCounter() });
    const asm = cache.assemble(t);
    if (!asm) { same++; continue; }
    blocks++;
    if (whole.errors.length) { bad++; console.log("whole has errors but blocks assembled", name); continue; }
    const out: string[] = [];
    cmp(whole.contents, asm.document.contents, "", out);
    if (JSON.stringify(whole.toJS()) !== JSON.stringify(asm.document.toJS())) out.push("toJS");
    if (out.length) { bad++; console.log(name, vi, out.slice(0, 3)); } else same++;
  }
}
console.log({ same, blocks, bad, ms: Math.round(performance.now() - t0) });
