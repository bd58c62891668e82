import { Decoder, defineComponent, Type, type ComponentFactory, type HttpResponse } from "../../sdk/index.js";
import { decodeFailure } from "./decode-failure.js";
import { checkXmlAttributes } from "./xml-attribute-limit.js";
import { loadFastXmlParser, type FastXmlParser } from "./decoder-packages.js";

/**
 * `XmlDecoder`: the body is an XML document, turned into one document the way the kit's `xmltodict`
 * does: an element is keyed by its tag; attributes are keys prefixed with `@`; an element with only
 * text is that text (always a string, trimmed), with attributes too its text is under `#text`; a
 * repeated element becomes a list; an empty element is null; namespace prefixes stay in the names
 * (`ns:item`). The text is decoded in the charset of the `Content-Type` header, else the one the XML
 * declaration names (`<?xml version="1.0" encoding="ISO-8859-1"?>`), else UTF-8. An empty body is `{}`. Malformed XML fails with `DECODER_INVALID_BODY` (the kit logs it
 * and reads an empty page); an element with more than 10,000 attributes fails with
 * `DECODER_RECORD_TOO_LARGE` before parsing. Parsing is done by fast-xml-parser (imported when the decoder is built). XML cannot be decoded before its end,
 * so the body is read whole; pagination sees the document.
 *
 * Modelled on WorkflowMax's `GET /staff.api/list`:
 * ```xml
 * <Response api-method="List"><Status>OK</Status>
 *   <StaffList><Staff><UUID>a1</UUID><Name>Ada</Name></Staff><Staff><UUID>b2</UUID><Name>Bob</Name></Staff></StaffList>
 * </Response>
 * ```
 * gives `{ Response: { "@api-method": "List", Status: "OK", StaffList: { Staff: [{ UUID: "a1", Name: "Ada" }, ...] } } }`.
 *
 * @example
 * retriever:
 *   type: SimpleRetriever
 *   decoder: { type: XmlDecoder }
 *   record_selector: { extractor: { field_path: [Response, StaffList, Staff] } }
 */
export const XmlDecoderComponent: ComponentFactory<Decoder> = defineComponent({
  type: "XmlDecoder",
  kind: "decoder",
  description: "Decodes an XML document (attributes as @name, text as #text)",
  schema: Type.Object({}),
  build: async () => new XmlDecoder(await loadFastXmlParser()),
});

/** fast-xml-parser's options that read XML as xmltodict does. */
const XML_OPTIONS = {
  ignoreAttributes: false,
  attributeNamePrefix: "@",
  textNodeName: "#text",
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  ignoreDeclaration: true,
  ignorePiTags: true,
  processEntities: true,
  htmlEntities: false,
};

/** The built decoder; see {@link XmlDecoderComponent}. */
export class XmlDecoder extends Decoder {
  private readonly parser: InstanceType<FastXmlParser["XMLParser"]>;

  /** `xml` is fast-xml-parser (`await loadFastXmlParser()`); `maxAttributes` per element defaults to 10,000. */
  constructor(
    xml: FastXmlParser,
    private readonly maxAttributes?: number,
  ) {
    super();
    this.parser = new xml.XMLParser(XML_OPTIONS);
  }

  override readsBytes(): boolean {
    return true;
  }

  decode(response: HttpResponse): unknown[] {
    const text = xmlText(response);
    if (text.trim() === "") return [{}];
    checkXmlAttributes(text, this.maxAttributes);
    let document: unknown;
    try {
      document = this.parser.parse(text, true);
    } catch (error) {
      throw decodeFailure({ component: "XmlDecoder", expected: "an XML document", found: (error as Error).message, cause: error, response });
    }
    return [emptyToNull(document)];
  }
}

/** The body as text, in the charset the response or the XML declaration names (an unknown one reads as UTF-8). */
function xmlText(response: HttpResponse): string {
  const bytes = response.bytes();
  const head = new TextDecoder("latin1").decode(bytes.subarray(0, 200));
  const charset = /charset="?([\w.:-]+)/i.exec(response.headers.get("content-type") ?? "")?.[1] ?? /^\s*<\?xml[^>]*encoding=["']([\w.:-]+)["']/.exec(head)?.[1];
  try {
    return new TextDecoder(charset ?? "utf-8").decode(bytes);
  } catch {
    return new TextDecoder().decode(bytes);
  }
}

/** xmltodict makes an empty element `None`; fast-xml-parser makes it `""` (attribute values stay strings). */
function emptyToNull(node: unknown): unknown {
  if (node === "") return null;
  if (Array.isArray(node)) {
    for (let i = 0; i < node.length; i++) node[i] = emptyToNull(node[i]);
    return node;
  }
  if (node && typeof node === "object") {
    const element = node as Record<string, unknown>;
    for (const key of Object.keys(element)) if (!key.startsWith("@")) element[key] = emptyToNull(element[key]);
  }
  return node;
}
