import { definePlugin } from "../../sdk/index.js";
import { DpathExtractorComponent } from "./dpath-extractor.js";
import { RecordFilterComponent } from "./record-filter.js";
import { RecordSelectorComponent } from "./record-selector.js";

/** Record selection: the selector, the extractor and the filter. */
export const selectionPlugin = definePlugin({
  name: "sluice:selection",
  register(ctx) {
    ctx.registerComponent(RecordSelectorComponent);
    ctx.registerComponent(DpathExtractorComponent);
    ctx.registerComponent(RecordFilterComponent);
  },
});
