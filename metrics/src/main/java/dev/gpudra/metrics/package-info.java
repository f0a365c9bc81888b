/**
 * Prometheus metrics over HTTP for every process gpu-dra ships: the format the scraper's headers
 * ask for, and the process's JVM and process metrics beside the caller's registry.
 */
package dev.gpudra.metrics;
