/** The ComputeDomain controller's Prometheus metrics. */
package dev.gpudra.controller.metrics;
