import { definePlugin } from "../../sdk/index.js";
import { AddFieldsComponent } from "./add-fields.js";
import { RemoveFieldsComponent } from "./remove-fields.js";
import { KeysToLowerComponent } from "./keys-to-lower.js";
import { KeysToSnakeCaseComponent } from "./keys-to-snake-case.js";
import { KeysReplaceComponent } from "./keys-replace.js";
import { FlattenFieldsComponent } from "./flatten-fields.js";
import { DpathFlattenFieldsComponent } from "./dpath-flatten-fields.js";

export { AddFields } from "./add-fields.js";
export { RemoveFields } from "./remove-fields.js";
export { KeysToLower } from "./keys-to-lower.js";
export { KeysToSnakeCase } from "./keys-to-snake-case.js";
export { KeysReplace } from "./keys-replace.js";
export { FlattenFields } from "./flatten-fields.js";
export { DpathFlattenFields } from "./dpath-flatten-fields.js";

/**
 * Record transformations applied by a stream before it emits a record: `AddFields`, `RemoveFields`,
 * `KeysToLower`, `KeysToSnakeCase`, `KeysReplace`, `FlattenFields`, `DpathFlattenFields`.
 */
export const transformationsPlugin = definePlugin({
  name: "sluice:transformations",
  register(ctx) {
    ctx.registerComponent(AddFieldsComponent);
    ctx.registerComponent(RemoveFieldsComponent);
    ctx.registerComponent(KeysToLowerComponent);
    ctx.registerComponent(KeysToSnakeCaseComponent);
    ctx.registerComponent(KeysReplaceComponent);
    ctx.registerComponent(FlattenFieldsComponent);
    ctx.registerComponent(DpathFlattenFieldsComponent);
  },
});
