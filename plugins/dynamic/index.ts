import { definePlugin } from "../../sdk/index.js";
import { ComponentMappingDefinitionComponent } from "./component-mapping-definition.js";
import { ConfigComponentsResolverComponent } from "./config-components-resolver.js";
import { DynamicDeclarativeStreamComponent } from "./dynamic-declarative-stream.js";
import { DynamicSchemaLoaderComponent } from "./dynamic-schema-loader.js";
import { HttpComponentsResolverComponent } from "./http-components-resolver.js";
import { SchemaTypeIdentifierComponent } from "./schema-type-identifier.js";
import { StreamConfigComponent } from "./stream-config.js";
import { TypesMapComponent } from "./types-map.js";
import { ParametrizedComponentsResolverComponent } from "./parametrized-components-resolver.js";
import { StreamParametersDefinitionComponent } from "./stream-parameters-definition.js";

/** Dynamic streams (made from a template per API record or config entry) and schemas read from the API. */
export const dynamicPlugin = definePlugin({
  name: "sluice:dynamic",
  register(ctx) {
    ctx.registerComponent(DynamicDeclarativeStreamComponent);
    ctx.registerComponent(HttpComponentsResolverComponent);
    ctx.registerComponent(ConfigComponentsResolverComponent);
    ctx.registerComponent(ParametrizedComponentsResolverComponent);
    ctx.registerComponent(StreamParametersDefinitionComponent);
    ctx.registerComponent(StreamConfigComponent);
    ctx.registerComponent(ComponentMappingDefinitionComponent);
    ctx.registerComponent(DynamicSchemaLoaderComponent);
    ctx.registerComponent(SchemaTypeIdentifierComponent);
    ctx.registerComponent(TypesMapComponent);
  },
});
