/** Columns shown at most; the rest of a record is in its last cell. */
const MAX_COLUMNS = 12;

/**
 * A page's records as a table: one row per record, a column per top-level field (in the order first
 * seen, at most 12), an object or list shown as compact JSON. Named `Records of page N` for a screen reader.
 */
export function RecordsTable({ records, label }: { records: ReadonlyArray<Record<string, unknown>>; label: string }) {
  if (records.length === 0) return <p class="note">No records on this page.</p>;
  const columns: string[] = [];
  for (const record of records) for (const key of Object.keys(record)) if (!columns.includes(key)) columns.push(key);
  const shown = columns.slice(0, MAX_COLUMNS);
  const more = columns.length > MAX_COLUMNS;
  return (
    <div class="table-scroll">
      <table class="records-table" aria-label={label}>
        <thead>
          <tr>
            {shown.map((c) => (
              <th scope="col">{c}</th>
            ))}
            {more && <th scope="col">{`… ${columns.length - MAX_COLUMNS} more`}</th>}
          </tr>
        </thead>
        <tbody>
          {records.map((record) => (
            <tr>
              {shown.map((c) => (
                <td>{cell(record[c])}</td>
              ))}
              {more && <td>{cell(Object.fromEntries(columns.slice(MAX_COLUMNS).map((c) => [c, record[c]])))}</td>}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function cell(value: unknown): string {
  if (value === undefined) return "";
  if (value === null) return "null";
  if (typeof value === "object") return JSON.stringify(value);
  return String(value);
}
