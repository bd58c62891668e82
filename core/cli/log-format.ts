/** Where the CLI's logs go: Airbyte `LOG` messages on stdout, or readable lines on stderr. */
export type LogFormat = "airbyte" | "text";

/**
 * The log format of a run: `--log-format airbyte|text` when given; otherwise (`auto`) `airbyte` when the
 * `AIRBYTE_ENTRYPOINT` variable is set, `text` when not. Every Airbyte connector image must set
 * `AIRBYTE_ENTRYPOINT` (the platform refuses an image without it and runs `eval "$AIRBYTE_ENTRYPOINT read ..."`),
 * so it tells a platform run apart from a person's run exactly. Whether stdout is a terminal does not:
 * `sluice read ... > records.jsonl` or `| jq` is a person's run whose stdout is a file or a pipe too.
 *
 * @example
 * resolveLogFormat(undefined, { AIRBYTE_ENTRYPOINT: "sluice" }); // "airbyte"
 * resolveLogFormat("text", { AIRBYTE_ENTRYPOINT: "sluice" });    // "text"
 */
export function resolveLogFormat(flag: unknown, env: NodeJS.ProcessEnv): LogFormat {
  if (flag === "airbyte" || flag === "text") return flag;
  return env.AIRBYTE_ENTRYPOINT ? "airbyte" : "text";
}

/** True when the platform runs this process (it sets `AIRBYTE_ENTRYPOINT` in every connector image). */
export function runByPlatform(env: NodeJS.ProcessEnv): boolean {
  return Boolean(env.AIRBYTE_ENTRYPOINT);
}
