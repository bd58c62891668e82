/** A problem shown under a field: the validator's finding or one of the Builder's own rules. */
export interface Problem {
  severity: "error" | "warning";
  message: string;
}

/** The problems of one field, as a list under it (nothing when there are none). */
export function ProblemLines({ problems, id }: { problems: readonly Problem[]; id?: string }) {
  if (problems.length === 0) return null;
  return (
    <ul class="problems" id={id}>
      {problems.map((p) => (
        <li class={p.severity}>{p.message}</li>
      ))}
    </ul>
  );
}
