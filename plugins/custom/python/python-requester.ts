import { Requester, type BuildContext, type ComponentDefinition, type HttpResponse, type OutgoingRequest, type PythonObject, type QueryProperties, type RequestInput, type SendOptions } from "../../../sdk/index.js";
import { applyPythonRequestOptions } from "./python-request-options.js";
import { wireSlice } from "./wire-slice.js";

/**
 * A Python `CustomRequester` (a subclass of the kit's `HttpRequester`): Sluice's own `HttpRequester`,
 * built from the same definition (URL, path, method, request options, authenticator, error handler),
 * builds and sends each request; the request-option methods the Python class defines
 * (`get_request_params(stream_state=, stream_slice=, next_page_token=)` and the headers and body ones)
 * are called for each request and their values set over Sluice's, as the kit's subclass replaces them.
 *
 * @example
 * # components.py
 * class WithOptFields(HttpRequester):
 *     def get_request_params(self, stream_state=None, stream_slice=None, next_page_token=None):
 *         return {"opt_fields": ",".join(self.config["fields"])}
 */
export async function pythonRequester(remote: PythonObject, def: ComponentDefinition, ctx: BuildContext): Promise<Requester> {
  const native: Record<string, unknown> = { type: "HttpRequester" };
  for (const field of NATIVE_FIELDS) if (def[field] !== undefined) native[field] = def[field];
  return new PythonRequester(remote, await ctx.buildChild<Requester>(native, "requester"));
}

/** The `HttpRequester` fields Sluice's requester takes from a CustomRequester's definition (the class's own fields stay Python's). */
const NATIVE_FIELDS = [
  "url", "url_base", "path", "http_method", "authenticator", "error_handler", "request_parameters", "request_headers",
  "request_body_json", "request_body_data", "request_body", "use_cache", "$parameters",
] as const;

class PythonRequester extends Requester {
  override readonly queryProperties?: QueryProperties;

  constructor(
    private readonly remote: PythonObject,
    private readonly native: Requester,
  ) {
    super();
    this.queryProperties = native.queryProperties;
  }

  override get readsStreamState(): boolean {
    return this.native.readsStreamState;
  }

  async buildRequest(input: RequestInput): Promise<OutgoingRequest> {
    const request = await this.native.buildRequest(input);
    const kwargs = {
      stream_state: input.streamState ?? {},
      stream_slice: wireSlice(input.streamSlice),
      next_page_token: input.nextPageToken === undefined ? null : { next_page_token: input.nextPageToken },
    };
    await applyPythonRequestOptions(this.remote, request, kwargs);
    return request;
  }

  send(request: OutgoingRequest, options?: SendOptions): Promise<HttpResponse> {
    return this.native.send(request, options);
  }
}
