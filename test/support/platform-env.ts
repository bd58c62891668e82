/**
 * The environment the Airbyte platform's workload launcher gives a source container (besides the image's
 * ENV): what the entrypoint tests (test/deploy) and the image tests (test/image) run the CLI with.
 */
export const PLATFORM_ENV: Record<string, string> = {
  OPERATION_TYPE: "SYNC",
  WORKLOAD_ID: "wl-1",
  USE_STREAM_CAPABLE_STATE: "true",
  USE_FILE_TRANSFER: "false",
  CONCURRENT_SOURCE_STREAM_READ: "false",
  DEPLOYMENT_MODE: "OSS",
  WORKER_CONNECTOR_IMAGE: "sluice-source-demo:dev",
  WORKER_JOB_ID: "7",
  WORKER_JOB_ATTEMPT: "0",
  AIRBYTE_ENABLE_UNSAFE_CODE: "false",
  USE_RUNTIME_SECRET_PERSISTENCE: "false",
};
