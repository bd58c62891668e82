import { definePlugin } from "../../sdk/index.js";
import { DpathExtractorComponent } from "./dpath-extractor.js";
import { KeyValueExtractorComponent } from "./key-value-extractor.js";
import { RecordFilterComponent } from "./record-filter.js";
import { RecordSelectorComponent } from "./record-selector.js";
import { ResponseToFileExtractorComponent } from "./response-to-file-extractor.js";
import { RecordExpanderComponent } from "./record-expander.js";

/** Record selection: the selector, the extractors (`DpathExtractor` and its `RecordExpander`, `KeyValueExtractor`) and the filter. */
export const selectionPlugin = definePlugin({
  name: "sluice:selection",
  register(ctx) {
    ctx.registerComponent(RecordSelectorComponent);
    ctx.registerComponent(DpathExtractorComponent);
    ctx.registerComponent(KeyValueExtractorComponent);
    ctx.registerComponent(RecordFilterComponent);
    ctx.registerComponent(ResponseToFileExtractorComponent);
    ctx.registerComponent(RecordExpanderComponent);
  },
});
