import { definePlugin } from "../../sdk/index.js";
import { DeclarativeStreamComponent } from "./declarative-stream.js";
import { InlineSchemaLoaderComponent, JsonFileSchemaLoaderComponent } from "./schema-loaders.js";
import { SimpleRetrieverComponent } from "./simple-retriever.js";
import { PaginationResetComponent, PaginationResetLimitsComponent } from "./pagination-reset.js";
import { AsyncRetrieverComponent } from "./async-retriever.js";
import { AsyncJobStatusMapComponent } from "./async-job-status-map.js";
import { StateDelegatingStreamComponent } from "./state-delegating-stream.js";

/** Streams, the retriever and schema loaders. */
export const streamPlugin = definePlugin({
  name: "sluice:stream",
  register(ctx) {
    ctx.registerComponent(DeclarativeStreamComponent);
    ctx.registerComponent(StateDelegatingStreamComponent);
    ctx.registerComponent(SimpleRetrieverComponent);
    ctx.registerComponent(PaginationResetComponent);
    ctx.registerComponent(PaginationResetLimitsComponent);
    ctx.registerComponent(AsyncRetrieverComponent);
    ctx.registerComponent(AsyncJobStatusMapComponent);
    ctx.registerComponent(InlineSchemaLoaderComponent);
    ctx.registerComponent(JsonFileSchemaLoaderComponent);
  },
});
