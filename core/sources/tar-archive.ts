import { SluiceError } from "../../sdk/index.js";
/**
 * The one archive format the store template needs: ustar with files and folders only, no links, no
 * owners (a data folder of Postgres). Written and read here so the template is a standard `.tar.gz`
 * (`tar -tzf` lists it) without a dependency for forty lines.
 *
 * @example
 * const tar = packTar([{ name: "PG_VERSION", type: "file", mode: 0o600, data: Buffer.from("17\n") }]);
 * for (const entry of tarEntries(tar)) console.log(entry.name);
 */
export interface TarEntry {
  /** A relative path with `/` separators. */
  name: string;
  type: "file" | "directory";
  mode: number;
  data: Buffer;
}

const BLOCK = 512;

/** An archive of `entries` (folders before what they hold), ended by two empty blocks. */
export function packTar(entries: readonly TarEntry[]): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    const header = Buffer.alloc(BLOCK);
    if (Buffer.byteLength(entry.name) > 100) throw new SluiceError("SOURCE_ARCHIVE_INVALID", `a tar entry name longer than 100 bytes: ${entry.name}`);
    header.write(entry.name, 0, "utf8");
    header.write(octal(entry.mode & 0o7777, 8), 100, "latin1");
    header.write(octal(0, 8), 108, "latin1"); // uid
    header.write(octal(0, 8), 116, "latin1"); // gid
    header.write(octal(entry.type === "file" ? entry.data.length : 0, 12), 124, "latin1");
    header.write(octal(0, 12), 136, "latin1"); // mtime: the template is the same whenever it is built
    header.write(entry.type === "file" ? "0" : "5", 156, "latin1");
    header.write("ustar\x0000", 257, "latin1");
    header.fill(" ", 148, 156);
    header.write(`${octal(header.reduce((sum, byte) => sum + byte, 0), 7)} `, 148, "latin1");
    parts.push(header);
    if (entry.type === "file") parts.push(entry.data, Buffer.alloc((BLOCK - (entry.data.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(2 * BLOCK));
  return Buffer.concat(parts);
}

/** The entries of a ustar archive; an entry other than a file or a folder, or one leaving its folder (`..`), is refused. */
export function* tarEntries(tar: Buffer): Generator<TarEntry> {
  for (let at = 0; at + BLOCK <= tar.length; ) {
    const header = tar.subarray(at, at + BLOCK);
    if (header.every((byte) => byte === 0)) return; // the end-of-archive blocks
    const field = (start: number, length: number) => header.toString("utf8", start, start + length).replace(/\0.*$/s, "");
    const prefix = field(345, 155);
    const name = (prefix ? `${prefix}/` : "") + field(0, 100);
    const size = parseInt(field(124, 12).trim() || "0", 8);
    const typeFlag = field(156, 1);
    if (name.split("/").includes("..")) throw new SluiceError("SOURCE_ARCHIVE_INVALID", `a tar entry outside its folder: ${name}`);
    if (typeFlag !== "" && typeFlag !== "0" && typeFlag !== "5") throw new SluiceError("SOURCE_ARCHIVE_INVALID", `a tar entry of type '${typeFlag}' (only files and folders are read): ${name}`);
    const start = at + BLOCK;
    yield { name, type: typeFlag === "5" ? "directory" : "file", mode: parseInt(field(100, 8).trim(), 8) & 0o7777, data: tar.subarray(start, start + size) };
    at = start + Math.ceil(size / BLOCK) * BLOCK;
  }
}

function octal(value: number, width: number): string {
  return value.toString(8).padStart(width - 1, "0");
}
