import { HttpClient, type BuildContext, type ErrorHandler, type HttpMethod, type PythonCallbacks } from "../../../sdk/index.js";

type HttpCallback = NonNullable<PythonCallbacks["http"]>;

/** A component reads the status itself, as with `requests`: only 429 and 5xx are retried by Sluice first. */
const ANSWER_EVERY_STATUS: ErrorHandler = {
  decide: ({ response }) => (response && response.status !== 429 && response.status < 500 ? { action: "success" } : undefined),
};

/**
 * The `http` callback of a Python component: its own request (`requests.post(token_url, ...)`) sent by
 * this connector's HTTP client, so redaction, budgets, retries and origin rules hold; the answer goes
 * back as `{ status, url, headers, text }` (an error status too: the component decides, as with
 * `requests`). A request Sluice refuses or that gets no response raises `ConnectionError` in Python,
 * with Sluice's error message (the bridge sends a failed callback's message back).
 *
 * @example
 * # components.py, in an authenticator
 * token = requests.post(self.config["token_url"], json={"key": self.config["api_key"]}).json()["token"]
 */
export function pythonHttpCallback(ctx: BuildContext): HttpCallback {
  return async (request, options = {}) => {
    const response = await ctx.get(HttpClient).send({
      method: request.method.toUpperCase() as HttpMethod,
      url: request.url,
      params: {},
      headers: request.headers,
      ...(request.body !== null && request.body !== undefined ? { bodyData: request.body } : {}),
    }, { errorHandler: ANSWER_EVERY_STATUS, purpose: "token_refresh", ...(options.signal ? { signal: options.signal } : {}) });
    return { status: response.status, url: response.url, headers: Object.fromEntries(response.headers.entries()), text: response.text() };
  };
}
