import { setComponentSchemas } from "../../../builder-ui/forms/component-schemas.js";
import type { ComponentSchema } from "../../../core/builder/builder-api-types.js";
import { createSluice } from "../../../core/index.js";
import { manifestJsonSchema } from "../../../core/manifest/manifest-json-schema.js";

/** Gives the page's forms the built-in components' schemas, as the session does in the browser. */
export function useRegisteredSchemas(): void {
  const schema = manifestJsonSchema(createSluice({ logLevel: "error" }).registry) as { definitions: Record<string, ComponentSchema> };
  setComponentSchemas(schema.definitions);
}
