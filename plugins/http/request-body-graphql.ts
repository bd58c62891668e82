import { Type, defineComponent, type ComponentFactory } from "../../sdk/index.js";
import type { TypedRequestBody } from "./request-body.js";

/**
 * `RequestBodyGraphQL`: the request body is the GraphQL query object `value` (`query`, and any other
 * key such as `variables` or `operationName`) sent as JSON, as the kit sends it; null values are left
 * out (the kit's `exclude_none`). Modelled on GitHub's and Shopify's GraphQL APIs.
 *
 * @example
 * request_body:
 *   type: RequestBodyGraphQL
 *   value:
 *     query: "query { issues(first: 50, after: \"{{ next_page_token.next_page_token }}\") { nodes { id } } }"
 */
export const RequestBodyGraphQLComponent: ComponentFactory<TypedRequestBody> = defineComponent({
  type: "RequestBodyGraphQL",
  kind: "request_body",
  description: "Request body value converted into a GraphQL query object",
  examples: [{ value: { query: "query { viewer { login } }" } }],
  schema: Type.Object({
    value: Type.Object({
      query: Type.String({ description: "The GraphQL query to be executed" }),
    }, { title: "GraphQL Query Body", description: "Request body GraphQL query object", additionalProperties: true }),
  }, { title: "GraphQL Body" }),
  build: (def) => ({ kind: "request_body", slot: "json", value: Object.fromEntries(Object.entries(def.value).filter(([, v]) => v !== null && v !== undefined)) }),
});
