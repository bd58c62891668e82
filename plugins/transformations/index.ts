import { definePlugin } from "../../sdk/index.js";
import { AddFieldsComponent } from "./add-fields.js";
import { RemoveFieldsComponent } from "./remove-fields.js";

export { AddFields } from "./add-fields.js";
export { RemoveFields } from "./remove-fields.js";

/** Record transformations applied by a stream before it emits a record: `AddFields`, `RemoveFields`. */
export const transformationsPlugin = definePlugin({
  name: "sluice:transformations",
  register(ctx) {
    ctx.registerComponent(AddFieldsComponent);
    ctx.registerComponent(RemoveFieldsComponent);
  },
});
