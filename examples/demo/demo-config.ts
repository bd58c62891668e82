import { DEMO_API_KEY } from "../demo-api/routes/basic.js";

/**
 * The end user's config for the demo connector, pointing at a running demo API. These are the demo
 * API's test credentials, not real ones.
 *
 * @example
 * writeFileSync("config.json", JSON.stringify(demoConfig("http://127.0.0.1:4010")));
 */
export function demoConfig(baseUrl: string): Record<string, unknown> {
  return { base_url: baseUrl, api_key: DEMO_API_KEY };
}
