/**
 * Plays the end user on the demo authorization server's consent page, over plain HTTP: loads the
 * page, submits "Allow" or "Deny", and follows the redirect to the callback (optionally changing
 * the redirect's query first, as an attacker would). Returns the callback's answer.
 */
export async function answerConsent(consentUrl: string, decision: "allow" | "deny", tamper?: (query: URLSearchParams) => void): Promise<{ status: number; text: string }> {
  const page = await fetch(consentUrl);
  const html = await page.text();
  if (page.status !== 200) throw new Error(`the consent page answered ${page.status}: ${html}`);
  const id = /name="request" value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error("the consent page has no request id");
  const post = await fetch(new URL("/authz/decision", consentUrl), { method: "POST", body: new URLSearchParams({ request: id, decision }), redirect: "manual" });
  const location = post.headers.get("location");
  if (post.status !== 302 || !location) throw new Error(`the decision answered ${post.status}`);
  const callback = new URL(location);
  tamper?.(callback.searchParams);
  const answer = await fetch(callback);
  return { status: answer.status, text: await answer.text() };
}
