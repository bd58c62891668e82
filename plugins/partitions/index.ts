import { definePlugin } from "../../sdk/index.js";
import { GroupingPartitionRouterComponent } from "./grouping-partition-router.js";
import { ListPartitionRouterComponent } from "./list-partition-router.js";
import { ParentStreamConfigComponent } from "./parent-stream-config.js";
import { SubstreamPartitionRouterComponent } from "./substream-partition-router.js";
import { UnionPartitionRouterComponent } from "./union-partition-router.js";

export { GroupingPartitionRouter } from "./grouping-partition-router.js";
export { ListPartitionRouter } from "./list-partition-router.js";
export { SubstreamPartitionRouter } from "./substream-partition-router.js";
export type { ParentStreamConfig } from "./parent-stream-config.js";

/**
 * Partition routers: `ListPartitionRouter` (one slice per listed value) and `SubstreamPartitionRouter`
 * with its `ParentStreamConfig`s (one slice per parent record), and `GroupingPartitionRouter` (the
 * partitions of another router in groups). A list of routers is combined by the retriever (every
 * combination of their slices).
 */
export const partitionsPlugin = definePlugin({
  name: "sluice:partitions",
  register(ctx) {
    ctx.registerComponent(ListPartitionRouterComponent);
    ctx.registerComponent(SubstreamPartitionRouterComponent);
    ctx.registerComponent(ParentStreamConfigComponent);
    ctx.registerComponent(GroupingPartitionRouterComponent);
    ctx.registerComponent(UnionPartitionRouterComponent);
  },
});
