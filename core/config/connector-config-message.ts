import type { ConnectorConfig } from "../../sdk/index.js";

/**
 * The Airbyte protocol message that tells the platform the connector's config changed (a rotated
 * refresh token), so the platform stores it for the next sync.
 *
 * @example
 * {"type":"CONTROL","control":{"type":"CONNECTOR_CONFIG","emitted_at":1714557600000,"connectorConfig":{"config":{...}}}}
 */
export interface ConnectorConfigControlMessage {
  type: "CONTROL";
  control: { type: "CONNECTOR_CONFIG"; emitted_at: number; connectorConfig: { config: ConnectorConfig } };
}

/**
 * Builds the CONTROL/CONNECTOR_CONFIG message for a whole config. The CLI prints it to stdout as is:
 * the platform needs the real values, so this one message is not redacted.
 */
export function connectorConfigControlMessage(config: ConnectorConfig, emittedAt: number): ConnectorConfigControlMessage {
  return { type: "CONTROL", control: { type: "CONNECTOR_CONFIG", emitted_at: emittedAt, connectorConfig: { config: structuredClone(config) } } };
}
