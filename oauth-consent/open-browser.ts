import { spawn } from "node:child_process";

/**
 * Opens a URL in the desktop's browser (`open` on macOS, `start` on Windows, `xdg-open` elsewhere).
 * Returns false when no opener could be started; the caller has printed the URL anyway.
 *
 * @example
 * if (!(await openBrowser(url))) stderr.write("Open the URL above in a browser.\n");
 */
export async function openBrowser(url: string): Promise<boolean> {
  const [command, args] =
    process.platform === "darwin" ? ["open", [url]] : process.platform === "win32" ? ["cmd", ["/c", "start", '""', url]] : ["xdg-open", [url]];
  return new Promise((resolve) => {
    try {
      const child = spawn(command, args as string[], { stdio: "ignore", detached: true });
      child.once("error", () => resolve(false));
      child.once("spawn", () => {
        child.unref();
        resolve(true);
      });
    } catch {
      resolve(false);
    }
  });
}
