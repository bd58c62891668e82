import { formatBytes, prettyBody, type NumberedPage, type TestExchange, type TestRequest, type TestResponse } from "../model/test-read.js";
import { RecordsTable } from "./records-table.js";

/**
 * One page of a test read, as `sluice test-read` shows it: the requests sent before the page's own
 * (token refresh, session login, report jobs, retried attempts) each in its own row, the page's
 * request (method, URL, headers, body) and response (status, headers, the body pretty-printed, cut
 * short with its size), the records as a table, the pagination decision, and the slice.
 */
export function PageView({ page: numbered }: { page: NumberedPage }) {
  const { page, number, slice, sliceNumber } = numbered;
  const sliced = Object.keys(slice).length > 0;
  return (
    <section class="page-view" aria-label={`Page ${number}`}>
      {page.auxiliary_requests.map((x) => (
        <AuxiliaryRow exchange={x} />
      ))}
      {page.request ? <RequestView request={page.request} title="Request" /> : <p class="note">No request was sent for this page.</p>}
      {page.request && <ResponseView response={page.response} ms={page.ms} title="Response" />}
      <h4>Records ({page.records.length})</h4>
      <RecordsTable records={page.records} label={`Records of page ${number}`} />
      <h4>Pagination</h4>
      <p class="decision" role="note" aria-label="Pagination decision">
        {page.next_page_token !== null && page.next_page_token !== undefined ? (
          <>
            Next page token: <code>{JSON.stringify(page.next_page_token)}</code>
          </>
        ) : null}
        {page.stop_reason !== null && <span>{page.next_page_token !== null ? " · " : ""}Stopped: {page.stop_reason}</span>}
      </p>
      <h4>Slice</h4>
      <p class="note">{sliced ? <code>{`Slice ${sliceNumber}: ${JSON.stringify(slice)}`}</code> : "The stream is not sliced (one slice, {})."}</p>
    </section>
  );
}

function AuxiliaryRow({ exchange }: { exchange: TestExchange }) {
  return (
    <details class="auxiliary" aria-label={`Auxiliary request: ${exchange.purpose}`}>
      <summary>
        <span class="aux-purpose">{exchange.purpose}</span>
        {exchange.attempt > 1 ? ` (attempt ${exchange.attempt})` : ""} <code>{exchange.request.method} {exchange.request.url}</code> → {exchange.response ? exchange.response.status : exchange.error ?? "no response"}
      </summary>
      <RequestView request={exchange.request} title={`Request (${exchange.purpose})`} />
      <ResponseView response={exchange.response} ms={exchange.ms} title={`Response (${exchange.purpose})`} />
    </details>
  );
}

function RequestView({ request, title }: { request: TestRequest; title: string }) {
  return (
    <div class="exchange-part" role="group" aria-label={title}>
      <h4>{title}</h4>
      <p class="request-line">
        <code>
          <strong>{request.method}</strong> {request.url}
        </code>
      </p>
      <Headers headers={request.headers} />
      {request.body !== null && request.body !== "" && <Body text={request.body} label={`${title} body`} />}
    </div>
  );
}

function ResponseView({ response, ms, title }: { response: TestResponse | null; ms?: number; title: string }) {
  if (!response) return <p class="problem-line error">No response.</p>;
  const ok = response.status >= 200 && response.status < 300;
  return (
    <div class="exchange-part" role="group" aria-label={title}>
      <h4>
        {title} <span class={`status ${ok ? "good" : "bad"}`}>{response.status}</span> <span class="note">{formatBytes(response.bytes)}{ms !== undefined ? `, ${ms} ms` : ""}</span>
      </h4>
      <Headers headers={response.headers} />
      <Body text={response.body} label={`${title} body`} bytes={response.bytes} truncated={response.truncated === true} />
    </div>
  );
}

function Headers({ headers }: { headers: Record<string, string> }) {
  const entries = Object.entries(headers);
  if (entries.length === 0) return null;
  return (
    <details class="headers">
      <summary>Headers ({entries.length})</summary>
      <dl>
        {entries.map(([name, value]) => (
          <>
            <dt>{name}</dt>
            <dd>{value}</dd>
          </>
        ))}
      </dl>
    </details>
  );
}

/** A body, pretty-printed when it is JSON; one cut short (by the test read's body limit, or for the page) says so, with its size. */
function Body({ text, label, bytes, truncated = false }: { text: string; label: string; bytes?: number; truncated?: boolean }) {
  const { text: shown, shortened } = prettyBody(text);
  const size = bytes ?? new TextEncoder().encode(text).length;
  return (
    <>
      <pre class="body" aria-label={label}>{shown}</pre>
      {(truncated || shortened) && (
        <p class="note">
          Truncated: the body is {formatBytes(size)}; the first {shown.length.toLocaleString("en")} characters{shortened && !truncated ? " (pretty-printed)" : ""} are shown.
        </p>
      )}
    </>
  );
}
