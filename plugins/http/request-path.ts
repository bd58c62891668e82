import { Type, defineComponent, type ComponentFactory, type RequestPath } from "../../sdk/index.js";

/**
 * `RequestPath`: the page token is the path, or the whole URL, of the next request
 * (a Salesforce-style `nextRecordsUrl`, a GitHub-style `Link: <...>; rel="next"`).
 *
 * @example
 * page_token_option: { type: RequestPath }
 */
export const RequestPathComponent: ComponentFactory<RequestPath> = defineComponent({
  type: "RequestPath",
  kind: "request_path",
  description: "Uses the page token as the next request's path or URL",
  examples: [{}],
  schema: Type.Object({
    path: Type.Optional(Type.String({ description: "ignored, as in the Python kit" })),
  }),
  build: () => ({ kind: "request_path" }),
});
