package dev.gpudra.webhook.admission;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * One {@code devices.config[i].opaque} entry of a claim spec.
 *
 * @param path where its parameters are, as NVIDIA's messages name them: {@code
 *     spec.devices.config[0].opaque.parameters}
 * @param driver {@code opaque.driver}
 * @param parameters {@code opaque.parameters}; null when absent
 */
record OpaqueEntry(String path, String driver, JsonNode parameters) {}
