import { XMLBuilder } from "fast-xml-parser";

/** A response body as the stream's decoder expects it on the wire, with its content type. */
interface EncodedBody {
  contentType: string;
  text: string;
}

const xml = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: "@", textNodeName: "#text", suppressEmptyNode: true });

/**
 * Encodes a mock page for the stream's decoder (the retriever's `decoder` type): XML for `XmlDecoder`
 * (the decoder's conventions reversed: `@` attributes, `#text`, lists as repeated elements), one JSON
 * document per line for `JsonlDecoder`, one line per record for `IterableDecoder` (its `record` field),
 * and JSON otherwise (also for decoders the mock cannot produce, such as zip archives).
 *
 * @example
 * encodeBody({ Response: { Staff: [{ Name: "Ada" }] } }, "XmlDecoder").text; // "<Response><Staff><Name>Ada</Name></Staff></Response>"
 */
export function encodeBody(body: unknown, decoder: string | undefined): EncodedBody {
  if (decoder === "XmlDecoder" && body && typeof body === "object" && !Array.isArray(body)) {
    return { contentType: "application/xml", text: xml.build(body) as string };
  }
  if (decoder === "JsonlDecoder") {
    const documents = Array.isArray(body) ? body : [body];
    return { contentType: "application/x-ndjson", text: documents.map((d) => JSON.stringify(d)).join("\n") };
  }
  if (decoder === "IterableDecoder") {
    const records = Array.isArray(body) ? body : [body];
    return { contentType: "text/plain", text: records.map((r) => (r && typeof r === "object" && "record" in r ? String((r as { record: unknown }).record) : JSON.stringify(r))).join("\n") };
  }
  return { contentType: "application/json", text: JSON.stringify(body) };
}
