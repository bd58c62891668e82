import type { ChildProcess } from "node:child_process";

/** Resolves with the first line of a stream that matches, or rejects when the process ends first. */
export function lineMatching(child: ChildProcess, stream: "stdout" | "stderr", pattern: RegExp, log: string[]): Promise<RegExpExecArray> {
  return new Promise((resolveLine, reject) => {
    let buffer = "";
    child[stream]!.on("data", (chunk: Buffer) => {
      buffer += chunk.toString("utf8");
      const lines = buffer.split("\n");
      buffer = lines.pop()!;
      for (const line of lines) {
        log.push(line);
        const match = pattern.exec(line);
        if (match) resolveLine(match);
      }
    });
    child.once("exit", (code) => reject(new Error(`${stream} ended (exit ${code}) before ${pattern}:\n${log.join("\n")}`)));
  });
}

export function exitCode(child: ChildProcess): Promise<number | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
  return new Promise((r) => child.once("exit", (code) => r(code)));
}
