import { JsonSchemaPropertySelectorComponent } from "./json-schema-property-selector.js";
import { definePlugin } from "../../sdk/index.js";
import { GroupByKeyMergeStrategyComponent } from "./group-by-key-merge-strategy.js";
import { PropertiesFromEndpointComponent } from "./properties-from-endpoint.js";
import { PropertyChunkingComponent } from "./property-chunking.js";
import { QueryPropertiesComponent } from "./query-properties.js";

/** Query properties: the properties a request names, listed or read from the API, in chunks merged by key. */
export const queryPropertiesPlugin = definePlugin({
  name: "sluice:query-properties",
  register(ctx) {
    ctx.registerComponent(QueryPropertiesComponent);
    ctx.registerComponent(JsonSchemaPropertySelectorComponent);
    ctx.registerComponent(PropertiesFromEndpointComponent);
    ctx.registerComponent(PropertyChunkingComponent);
    ctx.registerComponent(GroupByKeyMergeStrategyComponent);
  },
});
