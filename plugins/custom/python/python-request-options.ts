import { injectRequestValue, type OutgoingRequest, type PythonObject } from "../../../sdk/index.js";

const REQUEST_PARTS = [
  ["get_request_params", "request_parameter"],
  ["get_request_headers", "header"],
  ["get_request_body_data", "body_data"],
  ["get_request_body_json", "body_json"],
] as const;

/**
 * Sets on `request` what the request-option methods a Python component defines return
 * (`get_request_params(**kwargs)` and the headers and body ones): a string is the body, a mapping's
 * non-null values are injected, each over what the request already has. One bridge call per method,
 * awaited (the request is sent once they have answered).
 *
 * @example
 * await applyPythonRequestOptions(remote, request, { stream_slice: wireSlice(slice) });
 */
export async function applyPythonRequestOptions(remote: PythonObject, request: OutgoingRequest, kwargs: Record<string, unknown>): Promise<void> {
  for (const [method, target] of REQUEST_PARTS) {
    if (!remote.methods.includes(method)) continue;
    const values = (await remote.call(method, [], kwargs)) as Record<string, unknown> | string | null;
    if (typeof values === "string") {
      if (values) request.bodyData = values;
      continue;
    }
    for (const [name, value] of Object.entries(values ?? {})) {
      if (value !== undefined && value !== null) injectRequestValue(request, target, name, value, remote.className);
    }
  }
}
