/**
 * A hand-written connector for the Stripe list mock, before Detect: the records path unknown (the
 * whole body), no paginator, no primary key, comments that must survive. `base_url` is the mock's
 * origin (`.../stripe`).
 */
export const STRIPE_BEFORE_DETECT = `# Stripe customers, written by hand: Detect must keep this comment.
version: 6.0.0
type: DeclarativeSource
definitions:
  requester:
    type: HttpRequester
    url_base: "{{ config['base_url'] }}" # the API
    http_method: GET
    request_parameters:
      limit: "10"
    authenticator:
      type: BearerAuthenticator
      api_token: "{{ config['api_key'] }}"
streams:
  - type: DeclarativeStream
    name: customers
    retriever:
      type: SimpleRetriever
      requester:
        $ref: "#/definitions/requester"
        path: /v1/customers # newest first
      record_selector:
        type: RecordSelector
        extractor:
          type: DpathExtractor
          field_path: []
    schema_loader: { type: InlineSchemaLoader, schema: {} }
check: { type: CheckStream, stream_names: [customers] }
spec:
  type: Spec
  connection_specification:
    type: object
    required: [base_url, api_key]
    properties:
      base_url: { type: string, title: Base URL, order: 0 }
      api_key: { type: string, title: API Key, airbyte_secret: true, order: 1 }
`;
