/**
 * The contract for Sluice extension authors, imported as `sluice/sdk`: base classes, request and
 * response types, the plugin API, services and their tokens, and the error classes. Nothing here
 * depends on the engine.
 *
 * @example
 * import { PaginationStrategy, Authenticator, definePlugin } from "sluice/sdk";
 */
export * from "./errors/index.js";
export type { HttpResponse, LinkEntry, ResponseHeaders } from "./http/http-response.js";
export { cloneRequest, type HttpMethod, type OutgoingRequest, type QueryValue } from "./http/outgoing-request.js";
export {
  INJECTION_TARGETS,
  INJECTION_TARGET_NAMES,
  WIRE_INJECTION_TARGET_NAMES,
  type InjectionTarget,
  type InjectionTargetTraits,
  type WireInjectionTarget,
} from "./http/injection-targets.js";
export { injectRequestValue } from "./http/inject-request-value.js";
export { setWireValue, wireParts, type BeforeSendContext, type EncodedRequest, type WireParts } from "./http/encoded-request.js";
export { nestsDeeperThan } from "./http/nesting-depth.js";
export type { RequestOption, RequestPath } from "./http/request-option.js";
export { Authenticator } from "./auth/authenticator.js";
export { TokenSource, type IssuedToken, type TokenFetchReason, type TokenSourceOptions } from "./auth/token-source.js";
export { Decoder } from "./decoding/decoder.js";
export { Parser, chunksOf, CHUNK_BYTES, DEFAULT_MAX_BODY_BYTES, type ParseOptions } from "./decoding/parser.js";
export { withDecoder } from "./decoding/with-decoder.js";
export { jsonDocuments } from "./decoding/json-documents.js";
export { PaginationStrategy, type PositionalPageDetails } from "./pagination/pagination-strategy.js";
export type { PageFacts } from "./pagination/page-facts.js";
export type { DataRecord, JsonSchema, StreamSlice } from "./components/records.js";
export { ErrorHandler, type AttemptOutcome, type ErrorDecision } from "./components/error-handler.js";
export { BackoffStrategy } from "./components/backoff-strategy.js";
export { readPages, readPartitions, readRecords, flattenPages } from "./components/read-pages.js";
export { readRetriever, retrieverPartitions, RetrieverPartitions, type RetrieverPartitionsParts } from "./components/retriever-partitions.js";
export { WholeReadPartitions, type RecordsRetriever } from "./components/whole-read-partitions.js";
export { Retriever, SchemaLoader, type PageReport, type PartitionsOptions, type ReadOptions, type SliceReadOptions, type SliceReader, type Slicing, type Stream, type StreamPartitions } from "./components/stream.js";
export { Requester, type QueryProperties, type RequestInput } from "./components/requester.js";
export { RecordExtractor, RecordFilter, SELECTION_PAUSE, type RecordSelector, type SelectionContext, type SelectionStats } from "./components/record-selector.js";
export { RecordTransformation, type TransformationContext } from "./components/record-transformation.js";
export { forEachMaybe, isThenable, thenMaybe, type Awaitable } from "./components/awaitable.js";
export type { Paginator } from "./components/paginator.js";
export { IncrementalCursor, makeSlice, sliceCursor, sliceExtraFields, slicePartition, StreamSlicer, type SliceOptions } from "./components/stream-slicer.js";
export { PartitionRouter } from "./components/partition-router.js";
export { ComponentsResolver } from "./components/components-resolver.js";
export { StateMigration, type StateMigrationContext } from "./components/state-migration.js";
export { SchemaNormalization } from "./components/schema-normalization.js";
export { ConfigTransformation, ValidationStrategy, type ConfigNormalizer, type ConfigValidator } from "./components/config-normalization.js";
export type { CheckResult, ConnectionCheck, ConnectorSpec, Source } from "./components/source.js";
export {
  COMPONENT_KIND_KEYWORD,
  COMPONENT_LIST_KEYWORD,
  componentField,
  type BuildContext,
  type ComponentDefinition,
  type ComponentFactory,
  type DefinitionSchema,
  type GeneratedOptions,
} from "./plugin/component-factory.js";
export { definePlugin, type PluginContext, type RegisterOptions, type SluicePlugin } from "./plugin/define-plugin.js";
export { componentOrListSchema, componentSchema, defineComponent, jsonSchema, type Definition } from "./plugin/define-component.js";
export { Type, type Static, type TSchema } from "./plugin/typebox.js";
export { lazyPackage } from "./plugin/lazy-package.js";
export { loadYaml } from "./plugin/load-yaml.js";
export { loadAjv } from "./plugin/load-ajv.js";
export { serviceToken, type ServiceToken } from "./services/service-token.js";
export { Interpolator, type CompiledTemplate, type CompiledValue, type NestedOptions, type TemplateContext, type TemplateSite } from "./services/interpolator.js";
export { Clock, clockMicroseconds, wallClockMicroseconds } from "./services/clock.js";
export { Logger } from "./services/logger.js";
export { Secrets, redactedExcerpt, type SecretOptions } from "./services/secrets.js";
export { redactUrl, type RedactUrlOptions } from "./services/redact-url.js";
export { numericHeader, retryAfterMs, toNumber } from "./http/header-number.js";
export { SecretRegistry } from "./services/secret-registry.js";
export { secretForms } from "./services/secret-forms.js";
export { ConfigStore, type ConnectorConfig } from "./services/config-store.js";
export { MemoryConfigStore } from "./services/memory-config-store.js";
export { HttpClient, type SendOptions } from "./services/http-client.js";
export { linkSignal, readRoot } from "./services/read-scope.js";
export { catalogSchema, setCatalogSchemas } from "./services/read-catalog.js";
export { ReadObserver, type ObservedExchange, type ObservedPage, type ObservedRequest, type ObservedResponse, type ObservedSlice, type RequestPurpose } from "./services/read-observer.js";
export { Fetch, type FetchInit, type FetchResponse, type TransportHeaders } from "./services/fetch.js";
export { ApiBudget, type BudgetRequest, type BudgetResponse, type BudgetWaitOptions } from "./services/api-budget.js";
export { DEFAULT_READ_LIMITS, ReadLimits } from "./services/read-limits.js";
export { AsyncJobSlots } from "./services/async-job-slots.js";
export { CustomCodeLoader, type CustomClassRequest, type LoadedClass } from "./services/custom-code-loader.js";
export { PythonRuntime, type PythonCallOptions, type PythonCallbacks, type PythonComponentRequest, type PythonObject } from "./services/python-runtime.js";
