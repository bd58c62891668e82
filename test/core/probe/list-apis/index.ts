import { runCli } from "../../../support/run-cli.js";
import { airtable, graphql, jira, notion, slack, stripe } from "./cursor-apis.js";
import { github, hubspot, microsoftGraph, salesforce, shopify, zendesk } from "./link-apis.js";
import { slug, TOKEN, USER, type ListApi } from "./list-api.js";

/** The twelve list endpoints, shaped as their APIs document them. */
export const LIST_APIS: readonly ListApi[] = [github, stripe, shopify, slack, hubspot, salesforce, zendesk, jira, notion, airtable, microsoftGraph, graphql];

/** Runs `sluice init NAME --probe URL` for one API in `dir`, credentials from the environment as a user gives them. */
export async function initProbe(api: ListApi, origin: string, dir: string, name = slug(api)) {
  const flags = api.probe.method ? ["--method", api.probe.method, ...(api.probe.body ? ["--body", JSON.stringify(api.probe.body)] : [])] : [];
  const env = api.auth === "bearer" ? { SLUICE_API_KEY: TOKEN } : { SLUICE_USERNAME: USER.username, SLUICE_PASSWORD: USER.password };
  return runCli(["init", name, "--probe", `${origin}/${slug(api)}${api.probe.path}`, "--auth", api.auth, ...flags], dir, { env });
}
