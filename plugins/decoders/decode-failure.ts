import { HttpRequestError, type HttpResponse } from "../../sdk/index.js";

/** What {@link decodeFailure} reports. */
interface DecodeFailure {
  /** The decoder or parser type, e.g. `XmlDecoder`. */
  component: string;
  /** The format that was expected, e.g. `an XML document`. */
  expected: string;
  /** What was wrong, e.g. `unclosed tag <item> at line 3`. */
  found: string;
  cause?: unknown;
  /** The response, when the failing component has it (parsers see only bytes). */
  response?: Pick<HttpResponse, "status" | "headers">;
}

/**
 * The error for a body that does not match its decoder (malformed XML, CSV, gzip, zip or JSON): it
 * names the decoder and what was wrong; the page loop adds the stream and page.
 *
 * @example
 * throw decodeFailure({ component: "XmlDecoder", expected: "an XML document", found: "unclosed tag <item>", response });
 */
export function decodeFailure(failure: DecodeFailure): HttpRequestError {
  const { component, expected, found, cause, response } = failure;
  const contentType = response ? ` (content type ${response.headers.get("content-type") ?? "(none)"})` : "";
  return new HttpRequestError("DECODER_INVALID_BODY", `The response body cannot be decoded by ${component}`, {
    status: response?.status,
    where: { component },
    failureType: "system_error",
    expected,
    found: `${found}${contentType}`,
    cause,
  });
}
