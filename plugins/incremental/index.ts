import { definePlugin } from "../../sdk/index.js";
import { DatetimeBasedCursorComponent } from "./datetime-based-cursor-component.js";
import { MinMaxDatetimeComponent } from "./min-max-datetime.js";
import { LegacyToPerPartitionStateMigrationComponent } from "./legacy-to-per-partition-state-migration.js";
import { IncrementingCountCursorComponent } from "./incrementing-count-cursor.js";

export { DatetimeBasedCursor } from "./datetime-based-cursor.js";
export { PerPartitionCursor, partitionKey } from "./per-partition-cursor.js";
export { IncrementingCountCursor } from "./incrementing-count-cursor.js";
export { MinMaxDatetime } from "./min-max-datetime.js";
export { LegacyToPerPartitionStateMigration } from "./legacy-to-per-partition-state-migration.js";
export { formatDatetime, parseDatetime } from "../../python/datetime-format.js";

/** Incremental sync: `DatetimeBasedCursor`, `IncrementingCountCursor`, and the DatetimeBasedCursor's `MinMaxDatetime` bounds, and the `LegacyToPerPartitionStateMigration` of saved state. */
export const incrementalPlugin = definePlugin({
  name: "sluice:incremental",
  register(ctx) {
    ctx.registerComponent(DatetimeBasedCursorComponent);
    ctx.registerComponent(MinMaxDatetimeComponent);
    ctx.registerComponent(LegacyToPerPartitionStateMigrationComponent);
    ctx.registerComponent(IncrementingCountCursorComponent);
  },
});
