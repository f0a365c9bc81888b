/**
 * Preparing compute-domain claims: workloads' IMEX channels and domain daemons, node labels,
 * readiness.
 */
package dev.gpudra.computedomain.prepare;
