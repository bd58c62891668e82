import { ConditionalStreamsComponent } from "./conditional-streams.js";
import { DynamicStreamCheckConfigComponent } from "./dynamic-stream-check-config.js";
import { BlockSimultaneousSyncsActionComponent } from "./block-simultaneous-syncs-action.js";
import { definePlugin } from "../../sdk/index.js";
import { CheckDynamicStreamComponent } from "./check-dynamic-stream.js";
import { CheckStreamComponent } from "./check-stream.js";
import { ConcurrencyLevelComponent } from "./concurrency-level.js";
import { DeclarativeSourceComponent } from "./declarative-source.js";
import { SpecComponent } from "./spec.js";

/** The connector itself: source, spec and check. */
export const sourcePlugin = definePlugin({
  name: "sluice:source",
  register(ctx) {
    ctx.registerComponent(DeclarativeSourceComponent);
    ctx.registerComponent(ConditionalStreamsComponent);
    ctx.registerComponent(DynamicStreamCheckConfigComponent);
    ctx.registerComponent(BlockSimultaneousSyncsActionComponent);
    ctx.registerComponent(SpecComponent);
    ctx.registerComponent(CheckStreamComponent);
    ctx.registerComponent(CheckDynamicStreamComponent);
    ctx.registerComponent(ConcurrencyLevelComponent);
  },
});
