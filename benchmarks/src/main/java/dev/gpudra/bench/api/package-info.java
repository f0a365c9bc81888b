/**
 * What the cluster-side benches share: the API server they run against (embedded or real) and a
 * counter of one client's reads and writes.
 */
package dev.gpudra.bench.api;
