import { definePlugin } from "../../sdk/index.js";
import { DpathExtractorComponent } from "./dpath-extractor.js";
import { KeyValueExtractorComponent } from "./key-value-extractor.js";
import { RecordFilterComponent } from "./record-filter.js";
import { RecordSelectorComponent } from "./record-selector.js";

/** Record selection: the selector, the extractors (`DpathExtractor`, `KeyValueExtractor`) and the filter. */
export const selectionPlugin = definePlugin({
  name: "sluice:selection",
  register(ctx) {
    ctx.registerComponent(RecordSelectorComponent);
    ctx.registerComponent(DpathExtractorComponent);
    ctx.registerComponent(KeyValueExtractorComponent);
    ctx.registerComponent(RecordFilterComponent);
  },
});
