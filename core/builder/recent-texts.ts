import { SluiceError } from "../../sdk/index.js";
import { applyTextEdit, type TextEdit } from "../../pure/text-edit.js";

/** How many analysed texts the server keeps for edits (the page needs its last; a second tab, its own). */
const KEPT = 8;

/**
 * The texts the Builder analysed last, each under an id its answer carries, so the page sends a
 * keystroke as an edit of the text it last had analysed instead of the whole manifest.
 *
 * @example
 * const texts = new RecentTexts();
 * const id = texts.remember("page_size: 50\n");
 * texts.edited({ base: id, start: 11, end: 13, insert: "75" }); // "page_size: 75\n"
 */
export class RecentTexts {
  private readonly texts = new Map<string, string>();
  private counter = 0;

  remember(text: string): string {
    const id = String(++this.counter);
    this.texts.set(id, text);
    if (this.texts.size > KEPT) this.texts.delete(this.texts.keys().next().value!);
    return id;
  }

  /** The text `edit.base` names with the edit made; BUILDER_TEXT_UNKNOWN when it is not kept (the page then sends the text). */
  edited(edit: TextEdit & { base: string }): string {
    const base = this.texts.get(String(edit.base));
    if (base === undefined) {
      throw new SluiceError("BUILDER_TEXT_UNKNOWN", `The text to edit (${JSON.stringify(edit.base)}) is not one of the last ${KEPT} analysed: send the whole text`, {
        expected: "the textId of a recent analysis",
        found: JSON.stringify(edit.base),
      });
    }
    const text = applyTextEdit(base, edit);
    if (text === undefined) {
      throw new SluiceError("BUILDER_BAD_REQUEST", `The edit's stretch (${edit.start} to ${edit.end}) is not inside the ${base.length}-character text it edits`, {
        failureType: "config_error",
        expected: `0 <= start <= end <= ${base.length}, and insert a string`,
        found: JSON.stringify({ start: edit.start, end: edit.end, insert: typeof edit.insert }),
      });
    }
    return text;
  }
}
