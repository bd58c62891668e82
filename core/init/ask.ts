import { ConfigError } from "../../sdk/index.js";
import { createInterface, type Interface } from "node:readline";

/** One choice of a prompt. */
interface Choice<T extends string> {
  value: T;
  label: string;
}

/**
 * Questions for `sluice init` in a terminal: a numbered list (answer with the number or the name; Enter
 * takes the first), and a line of text with a default.
 *
 * @example
 * const ask = new Ask(process.stdin, process.stdout);
 * const auth = await ask.choose("Authentication", [{ value: "bearer", label: "Bearer token" }, ...]);
 * ask.close();
 */
export class Ask {
  private readonly lines: Interface;
  /** Lines typed ahead are buffered by the iterator, not lost between questions. */
  private readonly answers: AsyncIterator<string>;

  constructor(
    private readonly input: NodeJS.ReadableStream,
    private readonly output: { write(text: string): unknown },
  ) {
    this.lines = createInterface({ input, terminal: false });
    this.answers = this.lines[Symbol.asyncIterator]();
  }

  private async question(prompt: string): Promise<string> {
    this.output.write(prompt);
    const next = await this.answers.next();
    if (next.done) throw new ConfigError("INIT_INPUT_ENDED", "The input ended before every question was answered", { expected: "an answer to: " + prompt.trim(), found: "the end of the input" });
    return next.value;
  }

  async choose<T extends string>(question: string, choices: readonly Choice<T>[]): Promise<T> {
    this.output.write(`${question}:\n${choices.map((c, i) => `  ${i + 1}) ${c.value.padEnd(8)} ${c.label}`).join("\n")}\n`);
    for (;;) {
      const answer = (await this.question(`Choose 1-${choices.length} [1]: `)).trim();
      if (answer === "") return choices[0]!.value;
      const byNumber = choices[Number(answer) - 1];
      const chosen = /^\d+$/.test(answer) ? byNumber : choices.find((c) => c.value === answer);
      if (chosen) return chosen.value;
      this.output.write(`  '${answer}' is not one of the choices\n`);
    }
  }

  async text(question: string, fallback: string): Promise<string> {
    const answer = (await this.question(`${question} [${fallback}]: `)).trim();
    return answer || fallback;
  }

  /**
   * A line typed without echo when the input is a terminal (raw mode: the terminal shows nothing), for
   * a credential; a piped answer is read as a line.
   */
  async secret(question: string): Promise<string> {
    const tty = this.input as NodeJS.ReadStream;
    const raw = Boolean(tty.isTTY && tty.setRawMode);
    // Raw mode turns Ctrl-C into a character, not a signal: it ends the input (the question then fails).
    const interrupt = (chunk: Buffer | string) => {
      if (String(chunk).includes("\u0003")) this.lines.close();
    };
    if (raw) {
      tty.setRawMode(true);
      tty.on("data", interrupt);
    }
    try {
      const typed = await this.question(`${question}: `);
      if (typed.includes("\u0003")) throw new ConfigError("INIT_INPUT_ENDED", "Interrupted while a credential was asked", { expected: "an answer to: " + question, found: "Ctrl-C" });
      // Raw mode hands over Backspace as a character: apply it.
      return [...typed].reduce((text, ch) => (ch === "\u007f" || ch === "\b" ? text.slice(0, -1) : text + ch), "").trim();
    } finally {
      if (raw) {
        tty.off("data", interrupt);
        tty.setRawMode(false);
        this.output.write("\n");
      }
    }
  }

  close(): void {
    this.lines.close();
  }
}
