import nunjucks from "nunjucks";
import { TemplateError } from "../sdk/errors/index.js";
import { consentTemplateFilters } from "./template-filters.js";

/** The values a consent template sees: every one is text, or absent (rendered as ""). */
export type ConsentTemplateVariables = Record<string, string | undefined>;

// Templates come from a manifest; these names are the doors out of a nunjucks sandbox.
const FORBIDDEN = /\b(constructor|__proto__|prototype|__defineGetter__|__lookupGetter__)\b/;

let environment: nunjucks.Environment | undefined;
const compiled = new Map<string, nunjucks.Template>();

function env(): nunjucks.Environment {
  if (environment) return environment;
  environment = new nunjucks.Environment(null, { autoescape: false, throwOnUndefined: false });
  for (const [name, filter] of Object.entries(consentTemplateFilters)) environment.addFilter(name, filter);
  // Jinjava looks filters up case-insensitively; manifests in the wild write both spellings.
  environment.addFilter("codechallenges256", consentTemplateFilters.codechallengeS256!);
  return environment;
}

function compile(template: string, path: string): nunjucks.Template {
  let result = compiled.get(template);
  if (result) return result;
  if (FORBIDDEN.test(template)) {
    throw new TemplateError("OAUTH_TEMPLATE_INVALID", "An OAuth template uses a name that is not allowed", {
      where: { manifestPath: path },
      expected: "variables such as client_id_value, redirect_uri_value, state_value and the filters urlencode, b64encode, codechallengeS256",
      found: template,
    });
  }
  try {
    result = new nunjucks.Template(template, env(), path, true);
  } catch (error) {
    throw new TemplateError("OAUTH_TEMPLATE_INVALID", "An OAuth template does not parse", { where: { manifestPath: path }, found: template, cause: error });
  }
  compiled.set(template, result);
  return result;
}

/**
 * Renders one template of an `oauth_connector_input_specification` the way the platform's Jinjava
 * does: an unknown variable renders as "", and the filters `urlencode` (java `URLEncoder`),
 * `b64encode` and `codechallengeS256` give the platform's output. Compiled templates are cached.
 * A template that does not parse, uses an unknown filter, or reaches for `constructor`/`__proto__`
 * raises `OAUTH_TEMPLATE_INVALID` with its manifest path. Variables never appear in the error.
 *
 * @example
 * renderConsentTemplate("{{ client_id_key }}={{ client_id_value }}&{{ scope_param }}",
 *   { client_id_key: "client_id", client_id_value: "abc", scope_param: "scope=read+write" },
 *   "spec.advanced_auth.oauth_config_specification.oauth_connector_input_specification.consent_url");
 * // "client_id=abc&scope=read+write"
 */
export function renderConsentTemplate(template: string, variables: ConsentTemplateVariables, path: string): string {
  if (!template.includes("{{") && !template.includes("{%")) return template;
  const t = compile(template, path);
  try {
    return t.render({ ...variables });
  } catch (error) {
    throw new TemplateError("OAUTH_TEMPLATE_INVALID", "An OAuth template could not be rendered", {
      where: { manifestPath: path },
      found: template,
      // nunjucks names the construct and the template, never a variable's value.
      cause: new Error(String((error as Error).message ?? error).replace(/\s+/g, " ").trim()),
    });
  }
}
