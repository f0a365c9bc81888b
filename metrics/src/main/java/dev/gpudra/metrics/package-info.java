/** Prometheus metrics over HTTP (the text format), for every process gpu-dra ships. */
package dev.gpudra.metrics;
