import { DEMO_AUTH } from "../demo-api/routes/auth.js";
import { DEMO_API_KEY } from "../demo-api/routes/basic.js";

/**
 * The end user's config for the demo connector, pointing at a running demo API. These are the demo
 * API's test credentials, not real ones.
 *
 * @example
 * writeFileSync("config.json", JSON.stringify(demoConfig("http://127.0.0.1:4010")));
 */
export function demoConfig(baseUrl: string): Record<string, unknown> {
  return {
    base_url: baseUrl,
    api_key: DEMO_API_KEY,
    basic_username: DEMO_AUTH.basic.username,
    basic_password: DEMO_AUTH.basic.password,
    bearer_token: DEMO_AUTH.bearer,
    query_api_key: DEMO_AUTH.apiKey,
    jwt_secret: DEMO_AUTH.jwt.secret,
    oauth_client_id: DEMO_AUTH.oauth.clientId,
    oauth_client_secret: DEMO_AUTH.oauth.clientSecret,
    oauth_refresh_token: DEMO_AUTH.oauth.refreshToken,
    session_username: DEMO_AUTH.session.username,
    session_password: DEMO_AUTH.session.password,
  };
}
