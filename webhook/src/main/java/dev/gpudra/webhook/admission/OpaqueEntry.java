package dev.gpudra.webhook.admission;

/**
 * One {@code devices.config[i].opaque} entry of a claim spec.
 *
 * @param path where its parameters are, as NVIDIA's messages name them: {@code
 *     spec.devices.config[0].opaque.parameters}
 * @param driver {@code opaque.driver}
 * @param parameters {@code opaque.parameters} as it came; null when absent
 */
record OpaqueEntry(String path, String driver, RawParameters parameters) {}
